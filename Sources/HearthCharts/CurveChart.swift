import HearthHTML

/// A day's readings by hours since a dose (a glucose curve): a line through them in the order
/// taken (a new line from a later dose), the band they should stay in hatched, and the lowest point ringed and labelled, so
/// the nadir and how long after the shot it came read at a glance. Like `TimeChart`, it has a
/// `<title>`, a `<desc>` and its figures as a table in `<details>`.
public struct CurveChart: Sendable {
    public struct Point: Sendable, Equatable {
        public let hours: Double
        public let value: Double
        /// When it was taken, as the table says it ("08:00").
        public let time: String

        public init(hours: Double, value: Double, time: String) { (self.hours, self.value, self.time) = (hours, value, time) }
    }

    public struct Words: Sendable {
        public let title: String
        public let description: String
        public let timeHeading: String
        public let hoursHeading: String
        public let valueHeading: String
        /// Beside the ringed point: "lowest".
        public let lowest: String
        public let tableSummary: String

        public init(title: String, description: String, timeHeading: String, hoursHeading: String, valueHeading: String, lowest: String, tableSummary: String) {
            (self.title, self.description, self.timeHeading, self.hoursHeading, self.valueHeading, self.lowest, self.tableSummary) =
                (title, description, timeHeading, hoursHeading, valueHeading, lowest, tableSummary)
        }
    }

    public var points: [Point]
    public var band: ClosedRange<Double>?
    public var words: Words
    public var valueText: @Sendable (Double) -> String
    /// "2시간", "+2 h".
    public var hoursText: @Sendable (Double) -> String

    public init(
        points: [Point], band: ClosedRange<Double>?, words: Words, valueText: @escaping @Sendable (Double) -> String,
        hoursText: @escaping @Sendable (Double) -> String
    ) {
        (self.points, self.band, self.words, self.valueText, self.hoursText) = (points, band, words, valueText, hoursText)
    }

    static let plot = PlotFrame.plot

    /// The lowest point (the first of equals).
    public var lowest: Point? { points.min { $0.value < $1.value } }

    /// The hours axis: from the earliest reading (or the dose) to at least twelve hours, in whole hours.
    var hours: (low: Double, high: Double) {
        let low = min(0, (points.map(\.hours).min() ?? 0).rounded(.down))
        return (low, max(12, (points.map(\.hours).max() ?? 0).rounded(.up)))
    }

    func x(_ hours: Double) -> Double {
        let (low, high) = self.hours
        return Self.plot.left + (hours - low) / (high - low) * (Self.plot.right - Self.plot.left)
    }

    var ticks: [Double] {
        var values = points.map(\.value)
        if let band { values += [band.lowerBound, band.upperBound] }
        guard let low = values.min(), let high = values.max() else { return NiceTicks.ticks(from: 0, to: 1) }
        return NiceTicks.ticks(from: low, to: high)
    }

    func y(_ value: Double, _ ticks: [Double]) -> Double {
        let low = ticks.first ?? 0, high = ticks.last ?? 1
        return Self.plot.bottom - (value - low) / max(1e-9, high - low) * (Self.plot.bottom - Self.plot.top)
    }

    public func figure(id: String) -> HTML {
        let ticks = self.ticks
        var html = PlotFrame.open(id: id, title: words.title, description: words.description)
        html += PlotFrame.valueGrid(ticks, y: { y($0, ticks) }, text: valueText)
        html += #"<g class="chart-axis chart-dates">"#
        let (low, high) = hours
        // Every four hours past eight: "10시간 12시간" side by side crowd a phone.
        let step = high - low > 8 ? 4.0 : 2.0
        // Ticks on whole multiples of the step: 0, 2, 4 … hours after the dose.
        for hour in stride(from: (low / step).rounded(.up) * step, through: high, by: step) {
            html += #"<line x1="\#(x(hour))" y1="\#(Self.plot.bottom)" x2="\#(x(hour))" y2="\#(Self.plot.bottom + 4)"></line>"#
            // The last label ends at the plot's edge rather than running past it.
            let anchor = x(hour) > Self.plot.right - 30 ? "end" : "middle"
            html += #"<text x="\#(x(hour))" y="\#(Self.plot.bottom + 18)" text-anchor="\#(anchor)">\#(hoursText(hour))</text>"#
        }
        html += "</g>"
        if let band { html += PlotFrame.band(band, id: id, y: { y($0, ticks) }) }
        // The dose: where the hours count from.
        html += #"<line class="chart-goal" x1="\#(x(0))" y1="\#(Self.plot.top)" x2="\#(x(0))" y2="\#(Self.plot.bottom)"></line>"#
        html += #"<g class="chart-line">"#
        // A reading that counts from a later dose than the one before it starts that dose's own line.
        let path = points.enumerated().map { index, point in
            let pen = index == 0 || point.hours < points[index - 1].hours ? "M" : "L"
            return "\(pen)\(HTML.number(x(point.hours))) \(HTML.number(y(point.value, ticks)))"
        }
        if !path.isEmpty { html += #"<path d="\#(path.joined())"></path>"# }
        for point in points {
            html +=
                #"<circle cx="\#(x(point.hours))" cy="\#(y(point.value, ticks))" r="3"><title>\#(point.time) (\#(hoursText(point.hours))): \#(valueText(point.value))</title></circle>"#
        }
        html += "</g>"
        if let lowest {
            let (cx, cy) = (x(lowest.hours), y(lowest.value, ticks))
            html += #"<g class="chart-lowest"><circle cx="\#(cx)" cy="\#(cy)" r="8"></circle>"#
            html +=
                #"<text x="\#(cx)" y="\#(min(Self.plot.bottom - 4, cy + 24))" text-anchor="middle">\#(words.lowest) \#(valueText(lowest.value))</text></g>"#
        }
        html += PlotFrame.baseline + "</svg>" + table() + "</figure>"
        return html
    }

    func table() -> HTML {
        var html: HTML = #"<details class="chart-data"><summary>\#(words.tableSummary)</summary><table><thead><tr>"#
        html +=
            #"<th scope="col">\#(words.timeHeading)</th><th scope="col">\#(words.hoursHeading)</th><th scope="col">\#(words.valueHeading)</th></tr></thead><tbody>"#
        let lowest = self.lowest
        for point in points {
            let mark = point == lowest ? " (\(words.lowest))" : ""
            let row: HTML = point == lowest ? #"<tr class="lowest">"# : "<tr>"
            html += #"\#(row)<td>\#(point.time)</td><td>\#(hoursText(point.hours))</td><td>\#(valueText(point.value))\#(mark)</td></tr>"#
        }
        return html + "</tbody></table></details>"
    }
}
