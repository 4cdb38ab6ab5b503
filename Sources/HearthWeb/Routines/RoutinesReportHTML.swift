import HearthCore
import HearthHTML
import HearthStore

/// Routines' section of a report: each routine's days done of those due, how many late,
/// skipped and the days missed; a ○ on the calendar's missed days.
enum RoutinesReportHTML {
    /// Missed days named on a line; the rest are counted (the calendar marks them all).
    static let missedShown = 6

    static func sections(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        let routines = try RoutinesReport.read(shown.report, in: snapshot)
        guard !routines.routines.isEmpty else { return [] }
        let format = shown.format
        // A line a routine, not a table: the vet's report keeps to its pages.
        var html = #"<div class="report-block">"# + shown.html.heading("report.routines") + #"<ul class="report-lines">"#
        for line in routines.routines {
            var parts = [
                line.due.map { format.t("report.routine_done_of", ["done": String(line.done), "due": String($0)]) }
                    ?? format.t(line.done == 1 ? "report.routine_done_once" : "report.routine_done_times", ["done": String(line.done)])
            ]
            if line.late > 0 { parts.append(format.t("report.routine_late_n", ["n": String(line.late)])) }
            if line.skipped > 0 { parts.append(format.t("report.routine_skipped", ["n": String(line.skipped)])) }
            if !line.missed.isEmpty {
                let shownDays = line.missed.prefix(Self.missedShown).map(format.shortDay).joined(separator: ", ")
                let more = line.missed.count > Self.missedShown ? " " + format.t("report.and_more", ["n": String(line.missed.count - Self.missedShown)]) : ""
                parts.append(format.t("report.routine_missed", ["days": shownDays + more]))
            }
            html += #"<li><strong>\#(line.routine.name)</strong> \#(parts.joined(separator: " · "))</li>"#
        }
        html += "</ul></div>"
        let mark = ReportSection.CalendarMark(
            days: Set(routines.routines.flatMap(\.missed)), mark: #"<abbr class="missed" title="\#(format.t("report.missed_routine"))">○</abbr>"#,
            legend: "○ \(format.t("report.missed_routine"))")
        return [ReportSection(rank: 75, html: html, recorded: routines.routines.contains { $0.done > 0 }, calendarMarks: [mark])]
    }
}
