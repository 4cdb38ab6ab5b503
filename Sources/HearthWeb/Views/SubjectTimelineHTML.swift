import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// A subject's timeline page: its records and, merged in time order, the doses given, skipped
/// and missed, the routines done, the appointments and (a person's) each day's water and steps,
/// grouped by the household's day.
enum SubjectTimelineHTML {
    static func days(
        _ items: [SubjectTimeline.Item], format: Formatting, unit: BodyWeightUnit, now: Date, actions: EntryListHTML.Actions?, photoLabel: String
    ) -> HTML {
        var html = HTML.empty
        var index = 0
        while index < items.count {
            let day = self.day(items[index], zone: format.timeZone)
            var records: [EntryView] = []
            var body = HTML.empty
            // Records in a row go through the list's own loop; an event between them ends a run.
            func flush() {
                if !records.isEmpty { body += EntryListHTML.render(records, actions: actions, photoLabel: photoLabel) }
                records = []
            }
            while index < items.count, self.day(items[index], zone: format.timeZone) == day {
                switch items[index] {
                case .record(let entry): records.append(EntryView(entry, format: format, unit: unit))
                case .event(let event):
                    flush()
                    body += self.event(event, format: format, now: now)
                }
                index += 1
            }
            flush()
            html += #"<section class="day"><h2><time datetime="\#(day.description)">\#(format.dayHeading(day))</time></h2>"#
            html += #"<ol class="entries">\#(body)</ol></section>"# + "\n"
        }
        return html
    }

    private static func day(_ item: SubjectTimeline.Item, zone: TimeZone) -> LocalDate {
        switch item {
        case .record(let entry): entry.localDate
        case .event(let event): event.day
        }
    }

    private static func event(_ event: TimelineEvent, format: Formatting, now: Date) -> HTML {
        let time = format.clock(event.instant)
        var (kind, title, detail, link) = ("", "", "", "")
        switch event.what {
        case .dose(let regimen, let slot):
            kind = "dose dose-\(slot.state(at: now).rawValue)"
            title = regimen.name
            detail = [format.items(regimen.items(on: slot.day)), format.doseState(slot, now: now)].filter { !$0.isEmpty }.joined(separator: " · ")
            link = RegimenRoutes.one(regimen.id)
        case .routine(let routine, let mark):
            kind = "routine"
            title = routine.name
            detail = format.routineMark(mark)
            link = RoutineRoutes.one(routine.id)
        case .appointment(let appointment):
            kind = "appointment"
            title = format.appointmentTitle(appointment)
            detail = ([appointment.placeText].compactMap { $0 } + (appointment.isDone ? [format.t("appointments.done")] : [])).joined(separator: " · ")
            link = AppointmentRoutes.one(appointment.id)
        case .day(let figures):
            kind = "person-day"
            title = format.t("people.timeline.day")
            var parts = [
                figures.goals.waterML.map { format.t("people.timeline.water_of", ["ml": figures.waterML.grouped, "goal": $0.grouped]) }
                    ?? format.t("people.timeline.water", ["ml": figures.waterML.grouped])
            ]
            if let steps = figures.steps { parts.append(format.t("people.timeline.steps", ["steps": steps.grouped])) }
            detail = parts.joined(separator: " · ")
        }
        let name: HTML = link.isEmpty ? "\(title)" : #"<a href="\#(link)">\#(title)</a>"#
        return
            #"<li class="entry event \#(kind)"><span class="time">\#(time)</span><div class="entry-body"><strong>\#(name)</strong> <span class="detail">\#(detail)</span></div></li>"#
            + "\n"
    }
}
