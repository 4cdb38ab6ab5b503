import HearthHTML

/// Doses given of those due, month by month, as bars from 0 to 100 %: a regimen's adherence
/// at a glance. Months with nothing due have no bar (not a zero). Under the chart, its
/// figures as a table for screen readers and for print.
public struct AdherenceChart: Sendable {
    public struct Month: Sendable {
        public let label: String
        public let given: Int
        public let due: Int

        public init(label: String, given: Int, due: Int) {
            self.label = label
            self.given = given
            self.due = due
        }

        public var percent: Double? { due == 0 ? nil : 100 * Double(given) / Double(due) }
    }

    static let left = 40.0, right = 630.0, top = 12.0, bottom = 170.0

    public static func figure(_ months: [Month], id: String, title: String, monthHeading: String, valueHeading: String) -> HTML {
        let width = (right - left) / Double(max(1, months.count))
        func y(_ percent: Double) -> Double { bottom - (bottom - top) * percent / 100 }
        var html: HTML =
            #"<figure class="chart"><svg class="chart-svg" viewBox="0 0 640 200" role="img" aria-labelledby="\#(id)-title"><title id="\#(id)-title">\#(title)</title><g class="chart-axis">"#
        for percent in [0.0, 50, 100] {
            html +=
                #"<line class="chart-grid" x1="\#(left)" y1="\#(y(percent))" x2="\#(right)" y2="\#(y(percent))"></line><text x="\#(left - 6)" y="\#(y(percent) + 4)" text-anchor="end">\#(Int(percent))%</text>"#
        }
        html += "</g><g class=\"chart-bars\">"
        for (index, month) in months.enumerated() {
            let x = left + Double(index) * width
            if let percent = month.percent {
                let full = percent >= 99.999
                html +=
                    #"<rect class="\#(full ? "bar bar-full" : "bar")" x="\#(x + width * 0.15)" y="\#(y(percent))" width="\#(width * 0.7)" height="\#(bottom - y(percent))"><title>\#(month.label): \#(Int(percent.rounded()))% (\#(month.given)/\#(month.due))</title></rect>"#
            }
            html += #"<text class="chart-axis" x="\#(x + width / 2)" y="\#(bottom + 18)" text-anchor="middle">\#(month.label)</text>"#
        }
        html +=
            #"</g></svg><details class="chart-data"><summary>\#(title)</summary><table><thead><tr><th scope="col">\#(monthHeading)</th><th scope="col">\#(valueHeading)</th></tr></thead><tbody>"#
        for month in months {
            html += "<tr><td>\(month.label)</td><td>\(month.percent.map { "\(Int($0.rounded()))% (\(month.given)/\(month.due))" } ?? "–")</td></tr>"
        }
        return html + "</tbody></table></details></figure>"
    }
}
