import Foundation
import HearthCore
import HearthStore

/// A member's calendar feed as iCalendar text (RFC 5545). Each regimen time is one VEVENT
/// with an RRULE (DTSTART in the household's zone, with its VTIMEZONE), so a phone's calendar
/// works out the doses itself, as Hearth does; a span changed "from now on" ends with UNTIL
/// and the next span is its own VEVENT. Skipped and moved days are EXDATEs, a moved dose its
/// own event. Care due is all-day events. Every event has a VALARM.
enum CalendarFeed {
    static func ics(_ data: CalendarFeedData, zone: TimeZone, now: Date, format: Formatting, householdName: String) -> String {
        var out = ICalendarWriter()
        out.begin("VCALENDAR")
        out.line("VERSION", "2.0")
        out.line("PRODID", "-//Hearth//Household care log//EN")
        out.line("CALSCALE", "GREGORIAN")
        out.line("METHOD", "PUBLISH")
        out.text("X-WR-CALNAME", "\(householdName) — \(data.memberName)")
        out.line("X-WR-TIMEZONE", zone.identifier)
        out.line("REFRESH-INTERVAL;VALUE=DURATION", "PT1H")
        out.line("X-PUBLISHED-TTL", "PT1H")
        let today = LocalDate(now, in: zone)
        let firstYear = data.regimens.flatMap { $0.spans.map(\.from.year) }.min() ?? today.year
        TimeZoneComponent.write(zone, fromYear: min(firstYear, today.year) - 1, toYear: today.year + 10, into: &out)
        let stamp = ICalendarWriter.utc(now)
        let tzid = "TZID=\(zone.identifier)"

        for regimen in data.regimens {
            let summary = regimen.subjectName + ": " + regimen.name
            let changes = data.changes.filter { $0.regimenID == regimen.id }
            let logged = data.logged.filter { $0.regimenID == regimen.id }
            let skipped = logged.filter { $0.status == .skipped }
            for (index, span) in regimen.spans.enumerated() {
                let schedule = span.schedule
                guard !schedule.isAsNeeded, let first = schedule.firstDay(from: span.from), span.until.map({ first <= $0 }) ?? true,
                    let rule = schedule.recurrenceRule(in: zone, until: span.until)
                else { continue }
                let items = format.items(regimen.items(on: first))
                for time in schedule.times {
                    out.begin("VEVENT")
                    out.line("UID", "regimen-\(regimen.id)-\(index)-\(time)@hearth")
                    out.line("DTSTAMP", stamp)
                    out.line("DTSTART;\(tzid)", ICalendarWriter.local(first, minutes: time))
                    out.line("DURATION", "PT15M")
                    out.line("RRULE", rule)
                    let unborn = index == 0 && !couldBeGiven(regimen, first, time, at: time, logged, zone) ? [first] : []
                    let excluded = Set(changes.filter { $0.time == time }.map(\.day) + skipped.filter { $0.time == time }.map(\.day) + unborn)
                        .filter { day in day >= span.from && span.until.map { day <= $0 } ?? true }.sorted()
                    if !excluded.isEmpty {
                        out.line("EXDATE;\(tzid)", excluded.map { ICalendarWriter.local($0, minutes: time) }.joined(separator: ","))
                    }
                    out.text("SUMMARY", summary)
                    out.text("DESCRIPTION", items)
                    out.line("CATEGORIES", "MEDICINE")
                    alarm(&out, summary)
                    out.end("VEVENT")
                }
            }
            for change in changes {
                guard let moved = change.movedTo, couldBeGiven(regimen, change.day, change.time, at: moved, logged, zone) else { continue }
                out.begin("VEVENT")
                out.line("UID", "moved-\(regimen.id)-\(change.day)-\(change.time)@hearth")
                out.line("DTSTAMP", stamp)
                out.line("DTSTART;\(tzid)", ICalendarWriter.local(change.day, minutes: moved))
                out.line("DURATION", "PT15M")
                out.text("SUMMARY", summary)
                out.text("DESCRIPTION", format.items(regimen.items(on: change.day)))
                alarm(&out, summary)
                out.end("VEVENT")
            }
        }
        RoutineFeed.write(data.routines, into: &out, zone: zone, now: now, format: format)
        AppointmentFeed.write(data.appointments, into: &out, zone: zone, now: now, format: format)
        for due in data.careDue {
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
        out.end("VCALENDAR")
        return out.text
    }

    /// The engine's own rule (`Regimen.couldBeGiven`): a dose of the day the regimen was added
    /// whose time had passed is no dose, in the feed either, unless someone marked it.
    private static func couldBeGiven(_ regimen: Regimen, _ day: LocalDate, _ time: Int, at minutes: Int, _ logged: [LoggedDose], _ zone: TimeZone) -> Bool {
        let slot = DoseSlot(
            regimenID: regimen.id, day: day, time: time, minutes: minutes, instant: WallClock.instant(day, minutes: minutes, in: zone),
            logged: logged.first { $0.day == day && $0.time == time }, change: nil, asNeeded: false)
        return regimen.couldBeGiven(slot, in: zone)
    }

    private static func alarm(_ out: inout ICalendarWriter, _ summary: String) {
        out.begin("VALARM")
        out.line("ACTION", "DISPLAY")
        out.text("DESCRIPTION", summary)
        out.line("TRIGGER", "PT0M")
        out.end("VALARM")
    }
}
