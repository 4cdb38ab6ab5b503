import HearthCore
import HearthHTML
import HearthStore

/// People's section of a person's report: water and steps, their averages and the days the
/// goal was met.
struct DaysReportHTML {
    let days: DaysReport
    let shown: ShownReport
    var format: Formatting { shown.format }

    static func sections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        guard shown.report.subject.kind == .person else { return [] }
        let days = try DaysReport.read(shown.report, in: snapshot)
        let recorded = days.days.contains { $0.waterML != nil || $0.steps != nil }
        return [ReportSection(rank: 80, html: DaysReportHTML(days: days, shown: shown).waterAndSteps(), recorded: recorded)]
    }

    func waterAndSteps() -> HTML {
        let logged = days.days.filter { $0.waterML != nil || $0.steps != nil }
        guard !logged.isEmpty else { return .empty }
        var html = #"<div class="report-block">"# + shown.html.heading("report.water_steps")
        let waterDays = days.days.filter { $0.waterML != nil }, stepDays = days.days.filter { $0.steps != nil }
        let volume = shown.html.volumeUnit
        // Met or not is counted over the days that had a goal; with none, the report says so.
        func figures(
            _ key: String, average: String, days: [DaysReport.Day], goal: (DaysReport.Day) -> Int?, value: (DaysReport.Day) -> Int?,
            text: (Int) -> String
        ) -> HTML {
            let withGoal = days.filter { goal($0) != nil }
            guard let lastGoal = withGoal.last.flatMap(goal) else {
                return #"<p>\#(format.t(key + "_no_goal", ["average": average]))</p>"#
            }
            let met = withGoal.filter { (value($0) ?? 0) >= goal($0)! }.count
            return #"<p>\#(format.t(key, ["average": average, "met": String(met), "days": String(withGoal.count), "goal": text(lastGoal)]))</p>"#
        }
        if !waterDays.isEmpty {
            // Summed as Double: a stored day past its bounds must not trap the report.
            let average = waterDays.compactMap(\.waterML).reduce(0.0) { $0 + Double($1) } / Double(waterDays.count)
            html += figures(
                "report.water_figures", average: format.volume(ml: Int(exactly: average.rounded()) ?? Int.max, unit: volume), days: waterDays,
                goal: \.goals.waterML, value: \.waterML
            ) {
                format.volume(ml: $0, unit: volume)
            }
        }
        if !stepDays.isEmpty {
            let average = stepDays.compactMap(\.steps).reduce(0.0) { $0 + Double($1) } / Double(stepDays.count)
            html += figures("report.steps_figures", average: format.number(average, decimals: 0), days: stepDays, goal: \.goals.steps, value: \.steps) {
                format.number(Double($0), decimals: 0)
            }
        }
        return html + "</div>"
    }
}
