import HearthHTML
import Testing

@testable import HearthCharts

@Suite("A curve by hours since a dose")
struct CurveChartTests {
    static let words = CurveChart.Words(
        title: "Glucose on 18 Nov", description: "By hours since the insulin", timeHeading: "Time", hoursHeading: "After the dose", valueHeading: "Glucose",
        lowest: "lowest", tableSummary: "Figures")

    @Test("the lowest point is ringed where its reading is drawn and named in the table; the hours run from the earliest reading to at least 12")
    func lowest() {
        let chart = CurveChart(
            points: [.init(hours: -0.5, value: 320, time: "07:30"), .init(hours: 6, value: 95, time: "14:00"), .init(hours: 14, value: 300, time: "22:00")],
            band: 80...300, words: Self.words, valueText: { "\(Int($0))" }, hoursText: { "\($0) h" })
        #expect(chart.hours.low == -1 && chart.hours.high == 14)
        let svg = chart.figure(id: "c").description
        let ticks = chart.ticks
        let ring = #"<g class="chart-lowest"><circle cx="\#(HTML.number(chart.x(6)))" cy="\#(HTML.number(chart.y(95, ticks)))" r="8">"#
        #expect(svg.contains(ring), "\(svg)")
        #expect(svg.contains(#"<tr class="lowest"><td>14:00</td><td>6.0 h</td><td>95 (lowest)</td></tr>"#))
        #expect(svg.contains(#"class="chart-band""#))
        let twoDoses = CurveChart(
            points: [.init(hours: 10, value: 150, time: "18:00"), .init(hours: 0.5, value: 280, time: "20:30")], band: nil, words: Self.words,
            valueText: { "\($0)" }, hoursText: { "\($0)" })
        let ticks2 = twoDoses.ticks
        let path =
            "<path d=\"M\(HTML.number(twoDoses.x(10))) \(HTML.number(twoDoses.y(150, ticks2)))M\(HTML.number(twoDoses.x(0.5))) \(HTML.number(twoDoses.y(280, ticks2)))\">"
        #expect(twoDoses.figure(id: "d").description.contains(path), "the evening's reading starts a line of its own")
        #expect(CurveChart(points: [], band: nil, words: Self.words, valueText: { "\($0)" }, hoursText: { "\($0)" }).lowest == nil)
    }
}
