import Foundation
import HearthCore
import HearthStore

/// What is due for the pets (vaccines, preventives, follow-ups) in a member's calendar feed:
/// all-day events with an alarm at 09:00.
enum CareFeed {
    static func write(_ shown: ShownFeed, into out: inout ICalendarWriter) {
        let format = shown.format
        let stamp = ICalendarWriter.utc(shown.now)
        for due in shown.data.careDue {
            let summary = "\(due.subjectName): \(format.dueLabel(due.what))"
            out.begin("VEVENT")
            out.line("UID", "care-\(due.subjectID)-\(due.date)-\(summary.stableHash)@hearth")
            out.line("DTSTAMP", stamp)
            out.line("DTSTART;VALUE=DATE", ICalendarWriter.date(due.date))
            out.line("DTEND;VALUE=DATE", ICalendarWriter.date(due.date.adding(days: 1)))
            out.text("SUMMARY", summary)
            out.line("TRANSP", "TRANSPARENT")
            out.begin("VALARM")
            out.line("ACTION", "DISPLAY")
            out.text("DESCRIPTION", summary)
            // 09:00 on the day.
            out.line("TRIGGER;RELATED=START", "PT9H")
            out.end("VALARM")
            out.end("VEVENT")
        }
    }
}
