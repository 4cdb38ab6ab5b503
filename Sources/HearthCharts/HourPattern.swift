import HearthHTML

/// At which hours things happen over a period: a row per kind (meals, toilets, vomits), a
/// column per local hour, a circle whose area is the count. Reads in black and white (size
/// carries the figure, each row has its own class for colour).
public struct HourPattern: Sendable {
    public struct Row: Sendable {
        public let label: String
        /// A class for the row's colour (`meal`, `toilet` …).
        public let kind: String
        /// Counts for hours 0…23.
        public let counts: [Int]

        public init(label: String, kind: String, counts: [Int]) {
            precondition(counts.count == 24, "one count per hour")
            (self.label, self.kind, self.counts) = (label, kind, counts)
        }
    }

    public let rows: [Row]
    public let title: String
    public let description: String
    public let hourHeading: String
    public let tableSummary: String

    public init(rows: [Row], title: String, description: String, hourHeading: String, tableSummary: String) {
        (self.rows, self.title, self.description, self.hourHeading, self.tableSummary) = (rows, title, description, hourHeading, tableSummary)
    }

    static let left = 96.0, right = 628.0, top = 12.0, rowHeight = 40.0

    public var height: Double { Self.top + Double(max(1, rows.count)) * Self.rowHeight + 28 }

    /// The centre of hour `hour`'s column.
    public static func x(_ hour: Int) -> Double { left + (Double(hour) + 0.5) * (right - left) / 24 }

    public func figure(id: String) -> HTML {
        let largest = rows.flatMap(\.counts).max() ?? 0
        let maximumRadius = min(Self.rowHeight, (Self.right - Self.left) / 24) / 2 - 1
        var html: HTML = #"<figure class="chart"><svg class="chart-svg" viewBox="0 0 640 \#(height)" role="img" aria-labelledby="\#(id)-title \#(id)-desc">"#
        html += #"<title id="\#(id)-title">\#(title)</title><desc id="\#(id)-desc">\#(description)</desc><g class="chart-axis chart-dates">"#
        for hour in stride(from: 0, to: 24, by: 3) {
            html += #"<text x="\#(Self.x(hour))" y="\#(height - 8)" text-anchor="middle">\#(String(format: "%02d", hour))</text>"#
        }
        html += "</g>"
        for (index, row) in rows.enumerated() {
            let middle = Self.top + (Double(index) + 0.5) * Self.rowHeight
            html +=
                #"<g class="chart-hours kind-\#(row.kind)"><text class="chart-axis" x="\#(Self.left - 8)" y="\#(middle + 4)" text-anchor="end">\#(row.label)</text>"#
            html += #"<line class="chart-grid" x1="\#(Self.left)" y1="\#(middle)" x2="\#(Self.right)" y2="\#(middle)"></line>"#
            for (hour, count) in row.counts.enumerated() where count > 0 {
                // Area, not radius, follows the count.
                let radius = max(1.5, maximumRadius * (Double(count) / Double(largest)).squareRoot())
                html +=
                    #"<circle cx="\#(Self.x(hour))" cy="\#(middle)" r="\#(radius)"><title>\#(row.label) \#(String(format: "%02d:00", hour)): \#(count)</title></circle>"#
            }
            html += "</g>"
        }
        html += #"</svg><details class="chart-data"><summary>\#(tableSummary)</summary><table><thead><tr><th scope="col">\#(hourHeading)</th>"#
        for row in rows { html += #"<th scope="col">\#(row.label)</th>"# }
        html += "</tr></thead><tbody>"
        for hour in 0..<24 {
            html += "<tr><td>\(String(format: "%02d:00", hour))</td>"
            for row in rows { html += "<td>\(row.counts[hour])</td>" }
            html += "</tr>"
        }
        return html + "</tbody></table></details></figure>"
    }
}
