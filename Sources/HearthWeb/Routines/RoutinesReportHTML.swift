import HearthCore
import HearthHTML
import HearthStore

/// Routines' section of a report: each routine's days done of those due, how many late,
/// skipped and the days missed; a ○ on the calendar's missed days.
enum RoutinesReportHTML {
    static func sections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        let routines = try RoutinesReport.read(shown.report, in: snapshot)
        guard !routines.routines.isEmpty else { return [] }
        let format = shown.format
        var html = #"<div class="report-block">"# + shown.html.heading("report.routines")
        html += shown.html.table("report.routine", "report.routine_done", "report.routine_late", "report.missed")
        for line in routines.routines {
            let done =
                line.due.map { format.t("report.routine_done_of", ["done": String(line.done), "due": String($0)]) }
                ?? format.t(line.done == 1 ? "report.routine_done_once" : "report.routine_done_times", ["done": String(line.done)])
            let skipped = line.skipped > 0 ? " · " + format.t("report.routine_skipped", ["n": String(line.skipped)]) : ""
            let missed = line.missed.isEmpty ? "—" : line.missed.map(format.shortDay).joined(separator: ", ")
            html +=
                #"<tr><td>\#(line.routine.name)</td><td>\#(done + skipped)</td><td>\#(line.late == 0 ? "—" : String(line.late))</td><td>\#(missed)</td></tr>"#
        }
        html += "</tbody></table></div>"
        let mark = ReportSection.CalendarMark(
            days: Set(routines.routines.flatMap(\.missed)), mark: #"<abbr class="missed" title="\#(format.t("report.missed_routine"))">○</abbr>"#,
            legend: "○ \(format.t("report.missed_routine"))")
        return [ReportSection(rank: 75, html: html, recorded: routines.routines.contains { $0.done > 0 }, calendarMark: mark)]
    }
}
