import Foundation
import HearthCharts
import HearthCore
import HearthStore

/// A subject's trackers on its charts page: a chart for each number and duration field of
/// every tracker it keeps and has records of — bars where a day's values add up (insulin units, minutes of
/// seizures), a line of the mean where they are averaged (blood pressure), the field's goal
/// band hatched. A tracker tied to a regimen adds, under its first number field, the curve of
/// the period's last day of readings by hours since the dose, with the lowest point marked.
enum TrackerCharts {
    /// `?chart=` of a field's chart.
    static func key(_ trackerID: Int64, _ field: String) -> String { "tracker-\(trackerID)-\(field)" }

    static func charts(_ shown: ShownCharts) throws -> [AreaChart] {
        let subject = shown.subject
        // Only the trackers it has records of: every person keeps the household's blood pressure,
        // but a chart of nothing is a tab of nothing.
        let repository = TrackerRepository(subject.database)
        let recorded = try repository.recorded(subjectID: subject.id)
        let trackers = try repository.trackers(access: subject.context.access).filter {
            recorded.contains($0.id) && $0.input.subjects.includes(subjectID: subject.id, species: shown.species)
        }
        return trackers.flatMap { tracker in
            let curveField = curveField(tracker.input)
            return tracker.input.fields.compactMap { field -> AreaChart? in
                guard !field.removed, charted(field) else { return nil }
                return AreaChart(key: key(tracker.id, field.key), label: label(tracker.input, field)) {
                    var sections = [try chart(tracker, field, shown)]
                    if field.key == curveField, let regimenID = tracker.input.regimenID,
                        let read = try repository.curveDay(
                            trackerID: tracker.id, field: field.key, regimenID: regimenID, subjectID: subject.id, from: shown.period.from,
                            to: shown.period.to, timeZone: subject.context.timeZone),
                        let curve = curve(tracker.id, field, read, format: shown.words.format)
                    {
                        sections.append(curve)
                    }
                    return sections
                }
            }
        }
    }

    /// The field a tracker tied to a regimen draws its curve of: its first number.
    static func curveField(_ tracker: TrackerInput) -> String? {
        tracker.regimenID == nil ? nil : tracker.fields.first { !$0.removed && $0.kind.code == "number" }?.key
    }

    /// "혈압 · 수축기"; a field named as its tracker ("혈당" of "혈당") by the one name.
    static func label(_ tracker: TrackerInput, _ field: TrackerField) -> String {
        field.name == tracker.name ? tracker.name : "\(tracker.name) · \(field.name)"
    }

    /// The first field of a tracker that has a chart (the card's link).
    static func firstCharted(_ tracker: TrackerInput) -> TrackerField? { tracker.fields.first { !$0.removed && charted($0) } }

    static func charted(_ field: TrackerField) -> Bool {
        switch field.kind {
        case .number, .duration: true
        default: false
        }
    }

    static func chart(_ tracker: Tracker, _ field: TrackerField, _ shown: ShownCharts) throws -> ChartsPage.Section {
        let (format, period) = (shown.words.format, shown.period)
        // The axis and the table say numbers alone, the title their unit ("300 mg/dL" does not fit
        // beside the axis on a phone); the figures above say the unit again.
        let day: NumberField.DayTotal, band: ClosedRange<Double>?, value: (BucketFigure) -> Double
        let text: @Sendable (Double) -> String, withUnit: @Sendable (Double) -> String
        var title = label(tracker.input, field)
        switch field.kind {
        case .number(let rules):
            (day, band, value) = (rules.day, rules.goal, { $0.perDay })
            let decimals = Self.decimals(rules.step)
            text = { format.number($0, decimals: decimals) }
            withUnit = { format.trackerNumber($0, rules, decimals: decimals) }
            if !rules.unit.isEmpty { title += " (\(rules.unit))" }
        default:
            // Durations in minutes: what a day's seizures came to.
            (day, band, value) = (.sum, nil, { $0.perDay / 60 })
            text = { format.duration(Int(($0 * 60).rounded())) }
            withUnit = text
        }
        let figures = try TrackerRepository(shown.subject.database).figures(
            trackerID: tracker.id, field: field.key, day: day, subjectID: shown.subject.id, from: period.from, to: period.to, bucket: period.bucket)
        let words = ChartsController.Words(
            title: title, description: format.t("trackers.chart.\(day.rawValue)", ["field": title, "span": shown.words.span, "per": shown.words.per]),
            nothing: format.t("charts.nothing"))
        let summary: [String]
        switch day {
        case .sum:
            // A total of durations is in seconds, as stored; a number's in its unit.
            if field.kind.code == "duration" {
                summary = shown.words.totals(figures) { format.duration(Int($0.rounded())) }
            } else {
                summary = shown.words.totals(figures, text: withUnit)
            }
        case .mean:
            let (sum, count) = figures.reduce((0.0, 0)) { ($0.0 + $1.total, $0.1 + $1.days) }
            summary = count == 0 ? [] : [format.t("trackers.chart.mean_figure", ["value": withUnit(sum / Double(count)), "n": format.number(Double(count))])]
        }
        return shown.section(
            key(tracker.id, field.key), words: words, figures: figures, style: day == .sum ? .bars : .line, band: band, value: value, text: text,
            summary: summary)
    }

    /// A curve's day (`TrackerRepository.CurveDay`) by hours since the tied regimen's doses,
    /// with the lowest point: the charts page's, and the report's for its span.
    static func curve(_ trackerID: Int64, _ field: TrackerField, _ read: TrackerRepository.CurveDay, format: Formatting) -> ChartsPage.Section? {
        guard case .number(let rules) = field.kind else { return nil }
        let day = read.day
        let curve = DoseCurve(readings: read.readings, doses: read.doses)
        let decimals = Self.decimals(rules.step)
        let number: @Sendable (Double) -> String = { format.number($0, decimals: decimals) }
        let text: @Sendable (Double) -> String = { format.trackerNumber($0, rules, decimals: decimals) }
        let hours: @Sendable (Double) -> String = { format.t("trackers.curve.hours", ["n": format.number($0, decimals: 1)]) }
        let title = format.t("trackers.curve.title", ["day": format.dayHeading(day), "field": field.name])
        guard let lowest = curve.lowest else {
            return ChartsPage.Section(heading: title, figures: [format.t("trackers.curve.no_doses")], chart: .empty)
        }
        var figures = [format.t("trackers.curve.lowest_at", ["value": text(lowest.value), "hours": hours(lowest.hours), "time": format.clock(lowest.at)])]
        if curve.leftOut > 0 { figures.append(format.t("trackers.curve.left_out", ["n": String(curve.leftOut)])) }
        let chart = CurveChart(
            points: curve.points.map { CurveChart.Point(hours: $0.hours, value: $0.value, time: format.clock($0.at)) }, band: rules.goal,
            words: CurveChart.Words(
                title: title, description: format.t("trackers.curve.description", ["field": field.name]), timeHeading: format.t("trackers.curve.time"),
                hoursHeading: format.t("trackers.curve.after"), valueHeading: rules.unit.isEmpty ? field.name : "\(field.name) (\(rules.unit))",
                lowest: format.t("trackers.curve.lowest"), tableSummary: format.t("charts.table")),
            valueText: number, hoursText: hours)
        return ChartsPage.Section(heading: title, figures: figures, chart: chart.figure(id: "curve-\(trackerID)"))
    }

    /// The decimals a step is read to: 1 → 0, 0.5 → 1, 0.01 → 2 (at most 3).
    static func decimals(_ step: Double) -> Int {
        (0...2).first { places in
            let scaled = step * pow(10, Double(places))
            return abs(scaled - scaled.rounded()) < 1e-9
        } ?? 3
    }
}
