import Foundation
import HearthCore
import HearthStore

/// Routines in a member's calendar feed. A calendar rule is one VEVENT with its RRULE (at its
/// time in the household's zone, or all day), skipped days as EXDATEs; a routine due N days
/// after it was done is one event on the day it is due next (it moves when done). Who does
/// it, and whose turn it is now, is in the description: a turn belongs to the next time only.
enum RoutineFeed {
    static func write(_ routines: [Routine], into out: inout ICalendarWriter, zone: TimeZone, now: Date, format: Formatting) {
        let today = LocalDate(now, in: zone)
        let stamp = ICalendarWriter.utc(now)
        for routine in routines {
            let summary = format.routineTitle(routine)
            var description = [routine.how].compactMap { $0 }
            if !routine.members.isEmpty {
                description.append(
                    format.t("routines.assign.\(routine.assignment.rawValue)") + ": " + routine.members.map(\.name).joined(separator: ", "))
            }
            if let turn = format.routineTurn(routine, now: now) { description.append(format.t("routines.next") + ": " + turn) }
            let time = routine.schedule.times.first
            switch routine.schedule.repeatRule {
            case .asNeeded: continue
            case .afterDone:
                guard let due = routine.due(today: today) else { continue }
                out.begin("VEVENT")
                out.line("UID", "routine-\(routine.id)-\(due.day)@hearth")
                event(&out, day: due.day, time: time, zone: zone, stamp: stamp)
            default:
                guard var rule = routine.schedule.recurrenceRule(in: zone) else { continue }
                if time == nil, let last = routine.schedule.lastDay {
                    // An all-day event's UNTIL is a date (RFC 5545 §3.3.10: the same type as DTSTART).
                    rule = rule.replacing(/UNTIL=[0-9T]+Z/, with: "UNTIL=" + ICalendarWriter.date(last))
                }
                out.begin("VEVENT")
                out.line("UID", "routine-\(routine.id)@hearth")
                event(&out, day: routine.schedule.start, time: time, zone: zone, stamp: stamp)
                out.line("RRULE", rule)
                let skipped = routine.marks.filter { $0.status == .skipped }.map(\.due).sorted()
                if !skipped.isEmpty {
                    if let time {
                        out.line("EXDATE;TZID=\(zone.identifier)", skipped.map { ICalendarWriter.local($0, minutes: time) }.joined(separator: ","))
                    } else {
                        out.line("EXDATE;VALUE=DATE", skipped.map(ICalendarWriter.date).joined(separator: ","))
                    }
                }
            }
            out.text("SUMMARY", summary)
            if !description.isEmpty { out.text("DESCRIPTION", description.joined(separator: "\n")) }
            out.line("CATEGORIES", "ROUTINE")
            if time == nil { out.line("TRANSP", "TRANSPARENT") }
            if routine.remind {
                out.begin("VALARM")
                out.line("ACTION", "DISPLAY")
                out.text("DESCRIPTION", summary)
                // At its time, or 09:00 on the day.
                out.line(time == nil ? "TRIGGER;RELATED=START" : "TRIGGER", time == nil ? "PT9H" : "PT0M")
                out.end("VALARM")
            }
            out.end("VEVENT")
        }
    }

    private static func event(_ out: inout ICalendarWriter, day: LocalDate, time: Int?, zone: TimeZone, stamp: String) {
        out.line("DTSTAMP", stamp)
        if let time {
            out.line("DTSTART;TZID=\(zone.identifier)", ICalendarWriter.local(day, minutes: time))
            out.line("DURATION", "PT15M")
        } else {
            out.line("DTSTART;VALUE=DATE", ICalendarWriter.date(day))
            out.line("DTEND;VALUE=DATE", ICalendarWriter.date(day.adding(days: 1)))
        }
    }
}
