import Foundation
import HearthCore
import HearthStore

/// Regimens in a member's calendar feed. Each regimen time is one VEVENT with an RRULE
/// (DTSTART in the household's zone), so a phone's calendar works out the doses itself, as
/// Hearth does; a span changed "from now on" ends with UNTIL and the next span is its own
/// VEVENT. Skipped and moved days are EXDATEs, a moved dose its own event.
enum MedicineFeed {
    static func write(_ shown: ShownFeed, into out: inout ICalendarWriter) {
        let (zone, format) = (shown.zone, shown.format)
        let stamp = ICalendarWriter.utc(shown.now)
        let tzid = "TZID=\(zone.identifier)"
        for regimen in shown.data.regimens {
            let summary = regimen.subjectName + ": " + regimen.name
            let changes = shown.data.changes.filter { $0.regimenID == regimen.id }
            let logged = shown.data.logged.filter { $0.regimenID == regimen.id }
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
