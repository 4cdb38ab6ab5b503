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

    @Sendable func person(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.loadedPerson()
        let (format, period) = try setUp(person.id, request: request, context: context)
        let words = ChartWords(format: format, period: period)
        let unit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let volume = context.household?.volumeUnit ?? .ml
        let goals = try charts.goals(subjectID: person.id)
        let bucket = period.bucket

        let steps = try charts.daily(.steps, subjectID: person.id, from: period.from, to: period.to, bucket: bucket)
        let water = try charts.daily(.water, subjectID: person.id, from: period.from, to: period.to, bucket: bucket)
        let weights = try charts.weight(subjectID: person.id, from: period.from, to: period.to, bucket: bucket)
        let band = goals.last { $0.from <= period.to }?.goals.weightRangeGrams.map { ($0.lowerBound / unit.gramsPerUnit)...($0.upperBound / unit.gramsPerUnit) }
        let sections = [
            section("steps", figures: steps, period: period, words: words, style: .bars,
                    goal: goals.compactMap { goal in goal.goals.steps.map { GoalStep(from: goal.from, value: Double($0)) } },
                    value: { $0.perDay }, text: { format.number($0, decimals: 0) }, summary: words.totals(steps, text: { format.number($0, decimals: 0) })),
            section("water", figures: water, period: period, words: words, style: .bars,
                    goal: goals.compactMap { goal in goal.goals.waterML.map { GoalStep(from: goal.from, value: Double($0)) } },
                    value: { $0.perDay }, text: { format.volume(ml: Int($0.rounded()), unit: volume) }, summary: words.averages(water, text: { format.volume(ml: Int($0.rounded()), unit: volume) })),
            section("weight", figures: weights, period: period, words: words, style: .line, band: band,
                    value: { $0.perDay / unit.gramsPerUnit }, text: { "\(format.number($0, decimals: 1)) \(unit.rawValue)" },
                    summary: words.weightChange(weights, unit: unit)),
        ]
        return page(name: person.profile.name, colour: person.profile.colour.rawValue, base: "/people/\(person.id)", sections: sections, period: period, words: words, request: request, context: context)
    }

    @Sendable func pet(_ request: Request, context: AppRequestContext) async throws -> Response {
        let pet = try context.loadedPet()
        let (format, period) = try setUp(pet.id, request: request, context: context)
        let words = ChartWords(format: format, period: period)
        let unit = pet.profile.weightUnit
        let bucket = period.bucket
        let weights = try charts.weight(subjectID: pet.id, from: period.from, to: period.to, bucket: bucket)
        let snacks = try charts.snacks(subjectID: pet.id, from: period.from, to: period.to, bucket: bucket)
        let kcal = snacks.map { BucketFigure(start: $0.start, total: $0.kcal ?? 0, days: $0.days, kcal: $0.kcal) }
        // Per day over the whole week or month: a day without snacks is a day with none.
        let perDayOfBucket = { (figure: BucketFigure) in figure.total / Double(ChartSeries.length(of: figure.start, bucket: bucket)) }
        var sections = [
            section("weight", figures: weights, period: period, words: words, style: .line,
                    value: { $0.perDay / unit.gramsPerUnit }, text: { "\(format.number($0, decimals: unit == .g ? 0 : 2)) \(unit.rawValue)" },
                    summary: words.weightChange(weights, unit: unit)),
            section("snacks", figures: snacks, period: period, words: words, style: .bars,
                    value: perDayOfBucket, text: { format.number($0, decimals: 1) }, summary: words.totals(snacks, text: { format.number($0, decimals: 0) })),
        ]
        // Energy only where it is known: snacks given by weight, of a food with its kcal per 100 g.
        if snacks.contains(where: { $0.kcal != nil }) {
            sections.append(
section("snack_kcal", figures: kcal, period: period, words: words, style: .bars,
                    value: perDayOfBucket, text: { "\(format.number($0, decimals: 0)) kcal" }, summary: words.totals(kcal, text: { "\(format.number($0, decimals: 0)) kcal" })))
        } else if !snacks.isEmpty {
            sections[1] = ChartsPage.Section(heading: sections[1].heading, figures: sections[1].figures + [format.t("charts.snack_kcal.unknown")], chart: sections[1].chart)
        }
        // The hours of the day, in the household's zone, of the period's meals, toilets and vomits.
        let kinds: [EntryKind] = [.meal, .toilet, .vomit]
        var counts = Dictionary(uniqueKeysWithValues: kinds.map { ($0, [Int](repeating: 0, count: 24)) })
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        for moment in try charts.moments(subjectID: pet.id, kinds: kinds, from: period.from, to: period.to) {
            counts[moment.kind]?[calendar.component(.hour, from: moment.at)] += 1
        }
        let pattern = HourPattern(
            rows: kinds.map { HourPattern.Row(label: format.t("calendar.kind.\($0.rawValue)"), kind: $0.rawValue, counts: counts[$0]!) },
            title: format.t("charts.hours.title"), description: format.t("charts.hours.description", ["span": words.span]),
            hourHeading: format.t("charts.hours.hour"), tableSummary: format.t("charts.table"))
        sections.append(ChartsPage.Section(heading: format.t("charts.hours.title"), figures: [], chart: pattern.figure(id: "hours")))
        return page(name: pet.profile.name, colour: "none", base: "/pets/\(pet.id)", sections: sections, period: period, words: words, request: request, context: context)
    }

    private func setUp(_ subjectID: Int64, request: Request, context: AppRequestContext) throws -> (Formatting, ChartPeriod) {
        let query = request.uri.queryParameters
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let period = ChartPeriod(length: query.get("period"), at: query.get("at"), today: context.today, firstDay: try charts.firstDay(subjectID: subjectID))
        return (format, period)
    }

    /// One chart: every bucket of the period a point (empty ones are gaps), with its heading and figures.
    private func section(
        _ name: String, figures: [BucketFigure], period: ChartPeriod, words: ChartWords, style: TimeChart.Style,
        goal: [GoalStep] = [], band: ClosedRange<Double>? = nil,
        value: (BucketFigure) -> Double, text: @escaping @Sendable (Double) -> String, summary: [String]
    ) -> ChartsPage.Section {
        let byStart = Dictionary(figures.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
        let points = ChartSeries.starts(from: period.from, to: period.to, bucket: period.bucket).map { start in
            ChartPoint(day: start, value: byStart[start].map(value))
        }
        let format = words.format
        let chart = TimeChart(
            style: style, points: points, through: period.to, goal: goal, band: band,
            words: TimeChart.Words(
                title: format.t("charts.\(name).title"), description: format.t("charts.\(name).description", ["span": words.span, "per": words.per]),
                periodHeading: words.periodHeading, valueHeading: format.t("charts.\(name).title"), goalHeading: format.t("charts.goal"),
                tableSummary: format.t("charts.table")),
            valueText: text, dateText: words.axisDate, periodText: words.periodText)
        // An empty period says so in words; axes around nothing would only suggest zeros.
        guard !figures.isEmpty else { return ChartsPage.Section(heading: format.t("charts.\(name).title"), figures: [format.t("charts.nothing")], chart: .empty) }
        return ChartsPage.Section(heading: format.t("charts.\(name).title"), figures: summary, chart: chart.figure(id: name))
    }

    private func page(name: String, colour: String, base: String, sections: [ChartsPage.Section], period: ChartPeriod, words: ChartWords,
                      request: Request, context: AppRequestContext) -> Response {
        let format = words.format
        let link = { (length: ChartPeriod.Length, at: LocalDate?) in
            QueryLink.make("\(base)/charts", ["period": length.rawValue].merging(at.map { ["at": $0.description] } ?? [:]) { first, _ in first })
        }
        let page = ChartsPage(
            name: name, colour: colour, back: base,
            periods: ChartPeriod.Length.allCases.map {
                ChartsPage.Link(label: format.t("charts.length.\($0.rawValue)"), href: link($0, $0 == .all ? nil : period.at), current: $0 == period.length)
            },
            previous: period.shifted(-1).map { link(period.length, $0) },
            next: period.shifted(1).flatMap { $0 <= context.today ? link(period.length, $0) : nil },
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
            while day <= to { starts.append(day); day = day.adding(days: 1) }
        case .week:
            // Weeks from Monday, as SQLite's date(…, 'weekday 0', '-6 days') gathers them.
            var day = from.adding(days: -((from.weekday + 5) % 7))
            while day <= to { starts.append(day); day = day.adding(days: 7) }
        case .month:
            var month = YearMonth(from)
            while month.firstDay <= to { starts.append(month.firstDay); month = month.next }
        }
        return starts
    }
}

/// Charts of a pet or a person over a week, a month, a year or all their days.
enum ChartsArea: Area {
    static let pages: [any Page.Type] = [ChartsPage.self]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let controller = ChartsController(renderer: services.renderer, charts: ChartRepository(services.database))
        router.group("/people/:id").add(middleware: LoadPersonMiddleware(people: PersonRepository(services.database)))
            .get("charts", use: controller.person)
        router.group("/pets/:id").add(middleware: LoadPetMiddleware(pets: PetRepository(services.database)))
            .get("charts", use: controller.pet)
    }
}
