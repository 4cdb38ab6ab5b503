import HearthCore
import HearthHTML

/// One value per period (a day, a week or a month, starting on `day`); nil is a gap.
public struct ChartPoint: Sendable, Equatable {
    public let day: LocalDate
    public let value: Double?

    public init(day: LocalDate, value: Double?) { (self.day, self.value) = (day, value) }
}

/// A goal that held from one day on (goals are effective-dated, so a line may step).
public struct GoalStep: Sendable, Equatable {
    public let from: LocalDate
    public let value: Double

    public init(from: LocalDate, value: Double) { (self.from, self.value) = (from, value) }
}

/// Something that happened on a day, marked across the chart (a vet visit on the weight line).
public struct ChartEvent: Sendable, Equatable {
    public let day: LocalDate
    public let label: String

    public init(day: LocalDate, label: String) { (self.day, self.label) = (day, label) }
}

/// A chart of values over time, as bars (steps, water, snacks) or a line (weight), with an
/// optional goal line (dashed) and an ideal band (hatched), drawn in viewBox units so it
/// scales to any width. Colours come from the stylesheet's classes; the marks differ in
/// shape and dash too, so a black-and-white print still reads. Each chart carries a
/// `<title>`, a `<desc>` and the same figures as a table in `<details>`.
public struct TimeChart: Sendable {
    public enum Style: Sendable { case bars, line }

    public struct Words: Sendable {
        public let title: String
        public let description: String
        /// The table's column headings: the period, the value.
        public let periodHeading: String
        public let valueHeading: String
        public let goalHeading: String
        public let tableSummary: String

        public init(title: String, description: String, periodHeading: String, valueHeading: String, goalHeading: String = "", tableSummary: String) {
            (self.title, self.description, self.periodHeading, self.valueHeading, self.goalHeading, self.tableSummary) =
                (title, description, periodHeading, valueHeading, goalHeading, tableSummary)
        }
    }

    public var style: Style
    /// One point per period, oldest first, at most about 400 (the caller aggregates).
    public var points: [ChartPoint]
    /// The period's last day, so the last bar has its width.
    public var through: LocalDate
    public var goal: [GoalStep] = []
    public var band: ClosedRange<Double>?
    /// Days marked with a dotted vertical line and a small triangle at the top, each with its label as a tooltip.
    public var events: [ChartEvent] = []
    public var words: Words
    /// How values and dates are written (localised by the caller).
    public var valueText: @Sendable (Double) -> String
    public var dateText: @Sendable (LocalDate, DateTicks.Unit) -> String
    /// How a point's period is written in the table ("3 Nov 2026", "week of 2 Nov", "Nov 2026").
    public var periodText: @Sendable (LocalDate) -> String

    public init(
        style: Style, points: [ChartPoint], through: LocalDate, goal: [GoalStep] = [], band: ClosedRange<Double>? = nil, words: Words,
        valueText: @escaping @Sendable (Double) -> String, dateText: @escaping @Sendable (LocalDate, DateTicks.Unit) -> String,
        periodText: @escaping @Sendable (LocalDate) -> String
    ) {
        (self.style, self.points, self.through, self.goal, self.band, self.words) = (style, points, through, goal, band, words)
        (self.valueText, self.dateText, self.periodText) = (valueText, dateText, periodText)
    }

    /// The drawing area inside the viewBox (0 0 640 300): room on the left for values, below for dates.
    public static let plot = PlotFrame.plot
    static let width = 640.0, height = 300.0

    /// The figure: the SVG and its data table. `id` makes the title's and description's ids unique on the page.
    public func figure(id: String) -> HTML {
        var html = PlotFrame.open(id: id, title: words.title, description: words.description)
        html += body(id: id)
        html += "</svg>"
        html += table()
        html += "</figure>"
        return html
    }

    /// The first day shown and the day after the last.
    var span: (start: Int, end: Int) {
        let start = points.first?.day.daysSince1970 ?? through.daysSince1970
        return (start, max(start + 1, through.daysSince1970 + 1))
    }

    func x(_ day: Int) -> Double {
        let (start, end) = span
        return Self.plot.left + Double(day - start) / Double(end - start) * (Self.plot.right - Self.plot.left)
    }

    /// The value axis: round ticks over the data, the goal and the band (bars start at zero).
    var ticks: [Double] {
        var values = points.compactMap(\.value) + goal.map(\.value)
        if let band { values += [band.lowerBound, band.upperBound] }
        guard let low = values.min(), let high = values.max() else { return NiceTicks.ticks(from: 0, to: 1) }
        return NiceTicks.ticks(from: style == .bars ? min(0, low) : low, to: high)
    }

    func y(_ value: Double, _ ticks: [Double]) -> Double {
        let low = ticks.first!, high = ticks.last!
        return Self.plot.bottom - (value - low) / (high - low) * (Self.plot.bottom - Self.plot.top)
    }

    func body(id: String) -> HTML {
        let ticks = self.ticks
        var html = PlotFrame.valueGrid(ticks, y: { y($0, ticks) }, text: valueText)
        html += #"<g class="chart-axis chart-dates">"#
        let dates = DateTicks.ticks(from: LocalDate(daysSince1970: span.start), to: LocalDate(daysSince1970: span.end - 1))
        for (index, day) in dates.days.enumerated() {
            // A day's label sits under its bar; a month's or year's at its start.
            let at = dates.unit == .day ? (x(day.daysSince1970) + x(day.daysSince1970 + 1)) / 2 : x(day.daysSince1970)
            let sameMonth = dates.unit == .day && index > 0 && dates.days[index - 1].month == day.month
            html += #"<line x1="\#(at)" y1="\#(Self.plot.bottom)" x2="\#(at)" y2="\#(Self.plot.bottom + 4)"></line>"#
            html += #"<text x="\#(at)" y="\#(Self.plot.bottom + 18)" text-anchor="middle">\#(dateText(day, sameMonth ? .dayOfMonth : dates.unit))</text>"#
        }
        html += "</g>"
        if let band { html += PlotFrame.band(band, id: id, y: { y($0, ticks) }) }
        switch style {
        case .bars: html += bars(ticks)
        case .line: html += line(ticks)
        }
        if !goal.isEmpty { html += goalLine(ticks) }
        if !events.isEmpty { html += eventMarks() }
        return html + PlotFrame.baseline
    }

    func eventMarks() -> HTML {
        var html: HTML = #"<g class="chart-events">"#
        let (start, end) = span
        for event in events where event.day.daysSince1970 >= start && event.day.daysSince1970 < end {
            let at = x(event.day.daysSince1970)
            html += #"<g><title>\#(event.label)</title><line x1="\#(at)" y1="\#(Self.plot.top)" x2="\#(at)" y2="\#(Self.plot.bottom)"></line>"#
            html += #"<path d="M\#(at - 5) \#(Self.plot.top - 8)h10l-5 8z"></path></g>"#
        }
        return html + "</g>"
    }

    func bars(_ ticks: [Double]) -> HTML {
        var html: HTML = #"<g class="chart-bars">"#
        let zero = y(max(0, ticks.first!), ticks)
        for (index, point) in points.enumerated() {
            guard let value = point.value else { continue }
            let start = x(point.day.daysSince1970)
            let next = index + 1 < points.count ? x(points[index + 1].day.daysSince1970) : Self.plot.right
            let gap = min(2, (next - start) * 0.15)
            let top = y(value, ticks)
            html +=
                #"<rect x="\#(start + gap / 2)" y="\#(min(top, zero))" width="\#(max(0.5, next - start - gap))" height="\#(abs(zero - top))"><title>\#(periodText(point.day)): \#(valueText(value))</title></rect>"#
        }
        return html + "</g>"
    }

    func line(_ ticks: [Double]) -> HTML {
        // A point sits in the middle of its period; the line joins the periods that have one
        // (weighings are days or weeks apart, and the trend between them is what is read).
        var html: HTML = #"<g class="chart-line">"#
        var path = ""
        var pen = false
        for (index, point) in points.enumerated() {
            guard let value = point.value else { continue }
            let next = index + 1 < points.count ? points[index + 1].day.daysSince1970 : span.end
            let at = (x(point.day.daysSince1970) + x(next)) / 2
            path += "\(pen ? "L" : "M")\(HTML.number(at)) \(HTML.number(y(value, ticks)))"
            pen = true
        }
        if !path.isEmpty { html += #"<path d="\#(path)"></path>"# }
        for (index, point) in points.enumerated() {
            guard let value = point.value else { continue }
            let next = index + 1 < points.count ? points[index + 1].day.daysSince1970 : span.end
            let at = (x(point.day.daysSince1970) + x(next)) / 2
            html += #"<circle cx="\#(at)" cy="\#(y(value, ticks))" r="3"><title>\#(periodText(point.day)): \#(valueText(value))</title></circle>"#
        }
        return html + "</g>"
    }

    func goalLine(_ ticks: [Double]) -> HTML {
        var path = ""
        let (start, end) = span
        for (index, step) in goal.enumerated() {
            let from = max(start, step.from.daysSince1970)
            let to = index + 1 < goal.count ? min(end, goal[index + 1].from.daysSince1970) : end
            guard from < to else { continue }
            let at = y(step.value, ticks)
            path += "M\(HTML.number(x(from))) \(HTML.number(at))H\(HTML.number(x(to)))"
        }
        return path.isEmpty ? .empty : #"<path class="chart-goal" d="\#(path)"></path>"#
    }

    func table() -> HTML {
        var html: HTML =
            #"<details class="chart-data"><summary>\#(words.tableSummary)</summary><table><thead><tr><th scope="col">\#(words.periodHeading)</th><th scope="col">\#(words.valueHeading)</th>"#
        if !goal.isEmpty { html += #"<th scope="col">\#(words.goalHeading)</th>"# }
        html += "</tr></thead><tbody>"
        for point in points {
            guard let value = point.value else { continue }
            html += "<tr><td>\(periodText(point.day))</td><td>\(valueText(value))</td>"
            if !goal.isEmpty {
                let held = goal.last { $0.from <= point.day }
                html += "<td>\(held.map { valueText($0.value) } ?? "–")</td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table></details>"
    }
}
