import Foundation
import HearthCore
import HearthHTML
import Testing
@testable import HearthCharts

@Suite("SVG charts")
struct ChartTests {
    static let words = TimeChart.Words(
        title: "Steps", description: "Steps per day", periodHeading: "Day", valueHeading: "Steps", goalHeading: "Goal", tableSummary: "Table")

    static func chart(
        _ style: TimeChart.Style, _ values: [Double?], from first: String = "2026-11-01", goal: [GoalStep] = [], band: ClosedRange<Double>? = nil
    ) -> TimeChart {
        let start = LocalDate(first)!
        let points = values.enumerated().map { ChartPoint(day: start.adding(days: $0.offset), value: $0.element) }
        return TimeChart(
            style: style, points: points, through: start.adding(days: max(0, values.count - 1)), goal: goal, band: band, words: words,
            valueText: { HTML.number($0) }, dateText: { day, _ in day.description }, periodText: { $0.description })
    }

    /// Every x and y the marks use: rectangles' corners, circles' centres, path points.
    static func coordinates(_ svg: String) -> [(Double, Double)] {
        var found: [(Double, Double)] = []
        let marks =
            svg.components(separatedBy: "<g class=\"chart-bars\">").dropFirst().first ?? svg.components(separatedBy: "<g class=\"chart-line\">").dropFirst()
            .first ?? ""
        for match in marks.matches(of: /<rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"/) {
            let (x, y, w, h) = (Double(match.1)!, Double(match.2)!, Double(match.3)!, Double(match.4)!)
            found += [(x, y), (x + w, y + h)]
        }
        for match in marks.matches(of: /<circle cx="([-\d.]+)" cy="([-\d.]+)"/) { found.append((Double(match.1)!, Double(match.2)!)) }
        for match in marks.matches(of: /[ML]([-\d.]+) ([-\d.]+)/) { found.append((Double(match.1)!, Double(match.2)!)) }
        return found
    }

    @Test(
        "every mark lies inside the plot area, for bars and lines, with gaps, negatives excluded and goals above the data",
        arguments: [TimeChart.Style.bars, .line], [3, 31, 400])
    func insidePlot(style: TimeChart.Style, count: Int) {
        var random = SystemRandomNumberGenerator()
        let values: [Double?] = (0..<count).map { $0 % 7 == 3 ? nil : Double.random(in: 0...20_000, using: &random) }
        let svg = Self.chart(style, values, goal: [GoalStep(from: LocalDate("2026-11-01")!, value: 25_000)]).figure(id: "c").text
        let points = Self.coordinates(svg)
        #expect(points.count >= values.compactMap { $0 }.count)
        let plot = TimeChart.plot
        for (x, y) in points {
            #expect(x >= plot.left - 0.01 && x <= plot.right + 0.01 && y >= plot.top - 0.01 && y <= plot.bottom + 0.01, "(\(x), \(y)) outside")
        }
    }

    @Test("value axes are round numbers covering the data; date axes fall on days, month starts or new years")
    func axes() {
        #expect(NiceTicks.ticks(from: 0, to: 9876) == [0, 2000, 4000, 6000, 8000, 10000])
        #expect(NiceTicks.ticks(from: 58.3, to: 61.2) == [58, 59, 60, 61, 62])
        #expect(NiceTicks.ticks(from: 58.3, to: 59.1) == [58.2, 58.4, 58.6, 58.8, 59, 59.2])
        #expect(NiceTicks.ticks(from: 0, to: 0) == [0, 0.2, 0.4, 0.6, 0.8, 1], "an empty or flat series still has an axis")
        let month = DateTicks.ticks(from: LocalDate("2026-11-01")!, to: LocalDate("2026-11-30")!)
        #expect(month.unit == .day && month.days.first == LocalDate("2026-11-01")! && month.days.count <= 8)
        let year = DateTicks.ticks(from: LocalDate("2026-01-01")!, to: LocalDate("2026-12-31")!)
        #expect(year.unit == .month && year.days.map(\.description) == ["2026-01-01", "2026-03-01", "2026-05-01", "2026-07-01", "2026-09-01", "2026-11-01"])
        let decade = DateTicks.ticks(from: LocalDate("2016-11-23")!, to: LocalDate("2026-11-23")!)
        #expect(decade.unit == .year && decade.days.first == LocalDate("2017-01-01")! && decade.days.allSatisfy { $0.month == 1 && $0.day == 1 })
        let svg = Self.chart(.bars, [1200, 8800, 4000]).figure(id: "c").text
        for label in ["0", "2000", "4000", "6000", "8000", "10000"] { #expect(svg.contains(">\(label)</text>"), "value label \(label)") }
        #expect(svg.contains(">2026-11-01</text>") && svg.contains(">2026-11-03</text>"))
    }

    @Test("an empty series draws its axes and an empty table; one point fills the plot sensibly")
    func emptyAndOne() {
        let empty = Self.chart(.bars, []).figure(id: "e").text
        #expect(empty.contains("<title id=\"e-title\">Steps</title>") && empty.contains("<desc id=\"e-desc\">"))
        #expect(!empty.contains("<rect x=") && empty.contains("<tbody></tbody>"))
        let bar = Self.chart(.bars, [5000]).figure(id: "o").text
        let rect = try! #require(bar.firstMatch(of: /<rect x="([-\d.]+)" y="[-\d.]+" width="([-\d.]+)"/))
        #expect(Double(rect.1)! < TimeChart.plot.left + 2 && Double(rect.2)! > 500, "one day's bar spans the plot")
        let line = Self.chart(.line, [61.5]).figure(id: "l").text
        #expect(line.contains(#"<circle cx="357""#), "one weighing sits in the middle")
        #expect(!line.contains("NaN") && !line.contains("inf"))
    }

    @Test("the goal steps where it changed; the band is hatched; title, description and a data table are there")
    func goalAndBand() {
        let chart = Self.chart(
            .line, [60, 61, 62, 61], goal: [GoalStep(from: LocalDate("2026-10-01")!, value: 59), GoalStep(from: LocalDate("2026-11-03")!, value: 63)],
            band: 58...62)
        let svg = chart.figure(id: "w").text
        let goal = try! #require(svg.firstMatch(of: /class="chart-goal" d="([^"]+)"/))
        #expect(goal.1.split(separator: "M").count == 2, "two segments: before and after 3 November")
        #expect(svg.contains(#"class="chart-band""#) && svg.contains(#"fill="url(#w-hatch)""#))
        #expect(svg.contains("<th scope=\"col\">Goal</th>") && svg.contains("<tr><td>2026-11-04</td><td>61</td><td>63</td></tr>"))
        #expect(!svg.contains("style="), "no inline style: the CSP forbids it")
    }

    @Test("events (vet visits) are marked at their day with their label; those outside the period are left out")
    func events() {
        var chart = Self.chart(.line, [60, 61, 62, 61])
        chart.events = [ChartEvent(day: LocalDate("2026-11-03")!, label: "Vet visit · Limping"), ChartEvent(day: LocalDate("2026-12-25")!, label: "Later")]
        let svg = chart.figure(id: "w").text
        let marks = try! #require(svg.firstMatch(of: /<g class="chart-events"><g><title>([^<]+)<\/title><line x1="([\d.]+)"/))
        #expect(marks.1 == "Vet visit · Limping")
        #expect(Double(marks.2)! == chart.x(LocalDate("2026-11-03")!.daysSince1970))
        #expect(!svg.contains("Later"))
    }

    @Test("the 24-hour pattern: circles in their hour's column, area by count, a row per kind")
    func hourPattern() {
        var meals = [Int](repeating: 0, count: 24), toilets = meals
        meals[7] = 30
        meals[18] = 30
        toilets[8] = 10
        let svg = HourPattern(
            rows: [.init(label: "Meals", kind: "meal", counts: meals), .init(label: "Toilet", kind: "toilet", counts: toilets)],
            title: "Hours", description: "When", hourHeading: "Hour", tableSummary: "Table"
        ).figure(id: "h").text
        let circles = svg.matches(of: /<circle cx="([-\d.]+)" cy="[-\d.]+" r="([-\d.]+)"/).map { (Double($0.1)!, Double($0.2)!) }
        #expect(circles.count == 3)
        #expect(abs(circles[0].0 - HourPattern.x(7)) < 0.01 && abs(circles[2].0 - HourPattern.x(8)) < 0.01)
        #expect(abs(circles[2].1 / circles[0].1 - (10.0 / 30).squareRoot()) < 0.02, "radius by the square root: area follows the count")
        #expect(svg.contains("<tr><td>07:00</td><td>30</td><td>0</td></tr>"))
    }

    @Test("snapshots: a week of steps with a goal, a year of weight with a band", arguments: ["steps-week", "weight-year"])
    func snapshots(name: String) throws {
        let chart =
            name == "steps-week"
            ? Self.chart(.bars, [8012, 12456, nil, 4300, 10000, 9100, 15020], goal: [GoalStep(from: LocalDate("2026-11-01")!, value: 10000)])
            : Self.chart(.line, (0..<52).map { 60 + sin(Double($0) / 6) * 2 }, from: "2026-01-01", band: 58...62)
        let svg = chart.figure(id: name).text
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).html").path
        if ProcessInfo.processInfo.environment["HEARTH_RECORD_SNAPSHOTS"] == "1" {
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg == expected, "the chart's markup changed; look at it and record it again with HEARTH_RECORD_SNAPSHOTS=1")
    }
}

@Suite("SVG numbers")
struct SVGNumberTests {
    @Test(
        "two decimals at most, no trailing zeros, no minus zero, nothing but digits for odd values",
        arguments: [
            (0.0, "0"), (-0.001, "0"), (12.0, "12"), (12.5, "12.5"), (12.05, "12.05"), (-3.456, "-3.46"), (0.999, "1"),
            (-0.04, "-0.04"), (628.0, "628"), (Double.nan, "0"), (Double.infinity, "0"),
        ])
    func number(value: Double, text: String) {
        #expect(HTML.number(value) == text)
    }

    @Test("a week's day labels name the month once: the first tick and where the month changes, the day alone between")
    func dayLabels() throws {
        let start = LocalDate("2026-11-28")!
        let points = (0..<7).map { ChartPoint(day: start.adding(days: $0), value: 1) }
        let chart = TimeChart(
            style: .bars, points: points, through: start.adding(days: 6), words: ChartTests.words,
            valueText: { HTML.number($0) }, dateText: { day, unit in "\(day.day)\(unit == .dayOfMonth ? "" : "/\(day.month)")" }, periodText: { $0.description }
        )
        let svg = String(describing: chart.figure(id: "steps"))
        let labels = svg.components(separatedBy: "chart-dates").last!.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.output.1) }
        #expect(labels == ["28/11", "29", "30", "1/12", "2", "3", "4"])
    }
}
