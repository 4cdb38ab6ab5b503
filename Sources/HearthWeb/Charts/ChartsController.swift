import Foundation
import HearthCharts
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// A subject's charts over a period: for people weight (with their healthy range), steps
/// and water against their goals; for pets weight, snacks and treats, and the hours of the
/// day their meals, toilets and vomits happen.
struct ChartsController {
    let renderer: Renderer
    let charts: ChartRepository
    let database: AppDatabase
    let areas: AreaList

    /// The charts each kind of subject has, the first shown by default. One chart a page: on a
    /// phone that is a screen, and a page reads only what it draws.
    static let personCharts = ["steps", "water", "weight"]
    static let petCharts = ["weight", "snacks", "hours"]

    @Sendable func person(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        let (format, period) = try setUp(person.id, request: request, context: context)
        let words = ChartWords(format: format, period: period)
        let added = try areaCharts(person.id, species: nil, base: PersonRoutes.one(person.id), period: period, words: words, context: context)
        let chart = Self.chosen(request, Self.personCharts + added.map(\.key))
        let unit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let volume = context.household?.volumeUnit ?? .ml
        let goals = try charts.goals(subjectID: person.id)
        let (from, to, bucket) = (period.from, period.to, period.bucket)
        let sections: [ChartsPage.Section]
        switch chart {
        case let key where added.contains { $0.key == key }:
            sections = try added.first { $0.key == key }?.draw() ?? []
        case "water":
            let water = try charts.daily(.water, subjectID: person.id, from: from, to: to, bucket: bucket)
            let text: @Sendable (Double) -> String = { format.volume(ml: Int($0.rounded()), unit: volume) }
            sections = [
                section(
                    "water", figures: water, period: period, words: words, style: .bars,
                    goal: goals.compactMap { goal in goal.goals.waterML.map { GoalStep(from: goal.from, value: Double($0)) } },
                    value: { $0.perDay }, text: text, summary: words.averages(water, text: text))
            ]
        case "weight":
            let weights = try charts.weight(subjectID: person.id, from: from, to: to, bucket: bucket)
            let band = goals.last { $0.from <= to }?.goals.weightRangeGrams.map { ($0.lowerBound / unit.gramsPerUnit)...($0.upperBound / unit.gramsPerUnit) }
            sections = [
                section(
                    "weight", figures: weights, period: period, words: words, style: .line, band: band,
                    value: { $0.perDay / unit.gramsPerUnit }, text: { "\(format.number($0, decimals: 1)) \(unit.rawValue)" },
                    summary: words.weightChange(try charts.weighingEnds(subjectID: person.id, from: from, to: to), unit: unit))
            ]
        default:
            let steps = try charts.daily(.steps, subjectID: person.id, from: from, to: to, bucket: bucket)
            let text: @Sendable (Double) -> String = { format.number($0, decimals: 0) }
            sections = [
                section(
                    "steps", figures: steps, period: period, words: words, style: .bars,
                    goal: goals.compactMap { goal in goal.goals.steps.map { GoalStep(from: goal.from, value: Double($0)) } },
                    value: { $0.perDay }, text: text, summary: words.totals(steps, text: text))
            ]
        }
        return page(
            name: person.profile.name, colour: person.profile.colour.rawValue, base: PersonRoutes.one(person.id),
            charts: Self.personCharts.map { ($0, format.t("charts.\($0).title")) } + added.map { ($0.key, $0.label) }, chart: chart, sections: sections,
            period: period, words: words, request: request, context: context)
    }

    @Sendable func pet(_ request: Request, context: PetContext) async throws -> Response {
        let (pet, context) = (context.pet, context.app)
        let (format, period) = try setUp(pet.id, request: request, context: context)
        let words = ChartWords(format: format, period: period)
        let added = try areaCharts(pet.id, species: pet.profile.species, base: PetRoutes.one(pet.id), period: period, words: words, context: context)
        let chart = Self.chosen(request, Self.petCharts + added.map(\.key))
        let unit = pet.profile.weightUnit
        let (from, to, bucket) = (period.from, period.to, period.bucket)
        var sections: [ChartsPage.Section] = []
        switch chart {
        case let key where added.contains { $0.key == key }:
            sections = try added.first { $0.key == key }?.draw() ?? []
        case "snacks":
            let snacks = try charts.snacks(subjectID: pet.id, from: from, to: to, bucket: bucket)
            // Per day over the whole week or month: a day without snacks is a day with none.
            let perDayOfBucket = { (figure: BucketFigure) in figure.total / Double(ChartSeries.length(of: figure.start, bucket: bucket)) }
            sections.append(
                section(
                    "snacks", figures: snacks, period: period, words: words, style: .bars,
                    value: perDayOfBucket, text: { format.number($0, decimals: 1) }, summary: words.totals(snacks, text: { format.number($0, decimals: 0) })))
            // Energy only where it is known: snacks given by weight, of a food with its kcal per 100 g.
            if snacks.contains(where: { $0.kcal != nil }) {
                let kcal = snacks.map { BucketFigure(start: $0.start, total: $0.kcal ?? 0, days: $0.days, kcal: $0.kcal) }
                let text: @Sendable (Double) -> String = { "\(format.number($0, decimals: 0)) kcal" }
                sections.append(
                    section(
                        "snack_kcal", figures: kcal, period: period, words: words, style: .bars,
                        value: perDayOfBucket, text: text, summary: words.totals(kcal, text: text)))
            } else if !snacks.isEmpty {
                sections[0] = ChartsPage.Section(
                    heading: sections[0].heading, figures: sections[0].figures + [format.t("charts.snack_kcal.unknown")], chart: sections[0].chart)
            }
        case "hours":
            // The hours of the day, in the household's zone, of the period's meals, toilets and vomits.
            let kinds: [EntryKind] = [.meal, .toilet, .vomit]
            let counts = try charts.hours(subjectID: pet.id, kinds: kinds, from: from, to: to, timeZone: context.timeZone)
            let pattern = HourPattern(
                rows: kinds.map {
                    HourPattern.Row(label: format.t("calendar.kind.\($0.rawValue)"), kind: $0.rawValue, counts: counts[$0] ?? Array(repeating: 0, count: 24))
                },
                title: format.t("charts.hours.title"), description: format.t("charts.hours.description", ["span": words.span]),
                hourHeading: format.t("charts.hours.hour"), tableSummary: format.t("charts.table"))
            sections.append(ChartsPage.Section(heading: format.t("charts.hours.title"), figures: [], chart: pattern.figure(id: "hours")))
        default:
            let weights = try charts.weight(subjectID: pet.id, from: from, to: to, bucket: bucket)
            let visits = try charts.vetVisits(subjectID: pet.id, from: from, to: to).map {
                ChartEvent(
                    day: $0.day, label: [format.t("pets.kind.vet_visit"), format.dayHeading($0.day), $0.reason].compactMap { $0 }.joined(separator: " · "))
            }
            sections.append(
                section(
                    "weight", figures: weights, period: period, words: words, style: .line, events: visits,
                    value: { $0.perDay / unit.gramsPerUnit }, text: { "\(format.number($0, decimals: unit == .g ? 0 : 2)) \(unit.rawValue)" },
                    summary: words.weightChange(try charts.weighingEnds(subjectID: pet.id, from: from, to: to), unit: unit)))
        }
        return page(
            name: pet.profile.name, colour: "none", base: PetRoutes.one(pet.id),
            charts: Self.petCharts.map { ($0, format.t("charts.\($0).title")) } + added.map { ($0.key, $0.label) }, chart: chart,
            sections: sections, period: period, words: words, request: request, context: context)
    }

    /// `?chart=`: one of `charts`, else the first.
    static func chosen(_ request: Request, _ charts: [String]) -> String {
        request.uri.queryParameters.get("chart").flatMap { charts.contains($0) ? $0 : nil } ?? charts[0]
    }

    /// Every area's charts of the subject, after the page's own.
    private func areaCharts(
        _ subjectID: Int64, species: Species?, base: String, period: ChartPeriod, words: ChartWords, context: AppRequestContext
    ) throws -> [AreaChart] {
        let subject = ShownSubject(id: subjectID, database: database, context: context, format: words.format, now: context.now, back: base)
        let shown = ShownCharts(subject: subject, species: species, period: period, words: words, controller: self)
        return try areas.cards.flatMap { try $0.charts(shown) }
    }

    private func setUp(_ subjectID: Int64, request: Request, context: AppRequestContext) throws -> (Formatting, ChartPeriod) {
        let query = request.uri.queryParameters
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let period = ChartPeriod(length: query.get("period"), at: query.get("at"), today: context.today, firstDay: try charts.firstDay(subjectID: subjectID))
        return (format, period)
    }

    /// One chart: every bucket of the period a point (empty ones are gaps), with its heading and figures.
    /// The monthly report draws its charts with it too.
    /// `id` keeps its SVG's ids apart where one page shows the chart of several subjects (the
    /// household's report); its words are `name`'s.
    func section(
        _ name: String, id: String? = nil, figures: [BucketFigure], period: ChartPeriod, words: ChartWords, style: TimeChart.Style,
        goal: [GoalStep] = [], band: ClosedRange<Double>? = nil, events: [ChartEvent] = [],
        value: (BucketFigure) -> Double, text: @escaping @Sendable (Double) -> String, summary: [String]
    ) -> ChartsPage.Section {
        let format = words.format
        let chart = Words(
            title: format.t("charts.\(name).title"), description: format.t("charts.\(name).description", ["span": words.span, "per": words.per]),
            nothing: format.t("charts.nothing"))
        return section(
            id ?? name, words: chart, figures: figures, period: period, in: words, style: style, goal: goal, band: band, events: events, value: value,
            text: text, summary: summary)
    }

    /// A chart's own words: its title (also its heading and its table's value column), what it
    /// shows, and what an empty period says.
    struct Words {
        let title: String
        let description: String
        let nothing: String
    }

    /// One chart under its own words (an area's chart, `AreaChart`); `id` keeps its SVG's ids unique.
    func section(
        _ id: String, words chart: Words, figures: [BucketFigure], period: ChartPeriod, in words: ChartWords, style: TimeChart.Style,
        goal: [GoalStep] = [], band: ClosedRange<Double>? = nil, events: [ChartEvent] = [],
        value: (BucketFigure) -> Double, text: @escaping @Sendable (Double) -> String, summary: [String]
    ) -> ChartsPage.Section {
        let byStart = Dictionary(figures.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
        let points = ChartSeries.starts(from: period.from, to: period.to, bucket: period.bucket).map { start in
            ChartPoint(day: start, value: byStart[start].map(value))
        }
        let format = words.format
        var drawn = TimeChart(
            style: style, points: points, through: period.to, goal: goal, band: band,
            words: TimeChart.Words(
                title: chart.title, description: chart.description, periodHeading: words.periodHeading, valueHeading: chart.title,
                goalHeading: format.t("charts.goal"), tableSummary: format.t("charts.table")),
            valueText: text, dateText: words.axisDate, periodText: words.periodText)
        drawn.events = events
        // An empty period says so in words; axes around nothing would only suggest zeros.
        guard !figures.isEmpty else { return ChartsPage.Section(heading: chart.title, figures: [chart.nothing], chart: .empty) }
        return ChartsPage.Section(heading: chart.title, figures: summary, chart: drawn.figure(id: id))
    }

    private func page(
        name: String, colour: String, base: String, charts: [(key: String, label: String)], chart: String, sections: [ChartsPage.Section], period: ChartPeriod,
        words: ChartWords,
        request: Request, context: AppRequestContext
    ) -> Response {
        let format = words.format
        let link = { (length: ChartPeriod.Length, at: LocalDate?, chart: String) in
            QueryLink.make(
                "\(base)/charts", ["period": length.rawValue, "chart": chart].merging(at.map { ["at": $0.description] } ?? [:]) { first, _ in first })
        }
        let page = ChartsPage(
            name: name, colour: colour, back: base,
            charts: charts.map {
                LinkView(label: $0.label, href: link(period.length, period.length == .all ? nil : period.at, $0.key), current: $0.key == chart)
            },
            periods: ChartPeriod.Length.allCases.map {
                LinkView(label: format.t("charts.length.\($0.rawValue)"), href: link($0, $0 == .all ? nil : period.at, chart), current: $0 == period.length)
            },
            previous: period.shifted(-1).map { link(period.length, $0, chart) },
            next: period.shifted(1).flatMap { $0 <= context.today ? link(period.length, $0, chart) : nil },
            span: words.span, sections: sections)
        return renderer.page(page, titleKey: "charts.title", titleText: format.t("charts.heading", ["name": name]), request: request, context: context)
    }
}

/// The first day of every bucket from `from` to `to`.
enum ChartSeries {
    /// How many days the bucket starting on `start` has.
    static func length(of start: LocalDate, bucket: ChartBucket) -> Int {
        switch bucket {
        case .day: 1
        case .week: 7
        case .month: LocalDate.daysIn(month: start.month, year: start.year)
        }
    }

    static func starts(from: LocalDate, to: LocalDate, bucket: ChartBucket) -> [LocalDate] {
        var starts: [LocalDate] = []
        switch bucket {
        case .day:
            var day = from
            while day <= to {
                starts.append(day)
                day = day.adding(days: 1)
            }
        case .week:
            // Weeks from Monday, as SQLite's date(…, 'weekday 0', '-6 days') gathers them.
            var day = from.adding(days: -((from.weekday + 5) % 7))
            while day <= to {
                starts.append(day)
                day = day.adding(days: 7)
            }
        case .month:
            starts = YearMonth.months(from: YearMonth(from), through: YearMonth(to)).map(\.firstDay)
        }
        return starts
    }
}
