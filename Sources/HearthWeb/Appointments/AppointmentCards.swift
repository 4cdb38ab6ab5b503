import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// Appointments on the home page (the week ahead with its D-days, and those of the last week
/// that ask how they went) and on a pet's or person's page (theirs, and where to book one).
enum AppointmentCards: AreaCards {
    static let exportKinds = HouseholdExport.appointmentKinds
    static let demo: (any DemoStep.Type)? = AppointmentsDemo.self

    /// How long before an appointment it is reminded of: the day before, and an hour before.
    static let reminderAhead: [TimeInterval] = [86400, 3600]

    /// Each appointment not yet done, once the day before and once an hour before (each inside
    /// `DoseSlot.window` of its time, and never once it has begun).
    static func reminders(_ shown: ShownReminders) throws -> [ReminderLine] {
        let appointments = try AppointmentRepository(shown.database).appointments(
            access: shown.recipient.access, from: shown.today, to: shown.today.adding(days: 2))
        let format = shown.format
        return appointments.filter { !$0.isDone }.flatMap { appointment in
            reminderAhead.compactMap { ahead in
                let instant = appointment.input.startsAt.addingTimeInterval(-ahead)
                guard shown.now >= instant, shown.now < instant.addingTimeInterval(DoseSlot.window), shown.now < appointment.input.startsAt else { return nil }
                let when = ahead >= 86400 ? format.dayHeading(appointment.input.date) + " " : ""
                let text =
                    format.appointmentTitle(appointment) + " " + when + format.minutes(appointment.input.minutes)
                    + (appointment.placeText.map { " · " + $0 } ?? "")
                return ReminderLine(dueAt: instant, round: 0, text: text, link: AppointmentRoutes.one(appointment.id))
            }
        }
    }

    static func feed(_ shown: ShownFeed) throws -> [FeedPart] {
        shown.part(30) { shown, out in AppointmentFeed.write(shown.data.appointments, into: &out, zone: shown.zone, now: shown.now, format: shown.format) }
    }

    /// Appointments (by kind, place, clinic, note, whose), the latest first.
    static func search(_ shown: ShownSearch) throws -> [SearchGroup] {
        let format = shown.format
        let found = try AppointmentRepository(shown.database).appointments(access: shown.context.access).filter {
            shown.matches(
                format.t("appointments.kind.\($0.kind.rawValue)"), $0.input.place ?? "", $0.clinicName ?? "", $0.input.note ?? "", $0.subject?.name ?? "")
        }
        return [
            SearchGroup(
                rank: 40, heading: format.t("search.group.appointments"),
                items: found.reversed().map {
                    .init(
                        href: AppointmentRoutes.one($0.id), name: format.t("appointments.kind.\($0.kind.rawValue)"),
                        detail: format.dayHeading($0.input.date) + ($0.subject.map { " · " + $0.name } ?? ""))
                })
        ]
    }

    /// A dot per appointment on the day, with what and when.
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {
        let format = shown.format
        shown.dots(into: &dots) { marks in
            marks.appointments.map {
                MonthDot(rank: 40, classes: "appointment", label: format.appointmentTitle($0) + " " + format.minutes($0.input.minutes))
            }
        }
    }

    static func calendarLegend(_ format: Formatting) -> [MonthDot] {
        [MonthDot(rank: 40, classes: "appointment", label: format.t("calendar.legend.appointment"))]
    }

    /// The day's appointments, as the month marks them.
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection] {
        guard !shown.marks.appointments.isEmpty else { return [] }
        let html = AppointmentListHTML.render(
            shown.marks.appointments, today: shown.context.today, now: shown.now, canRecord: false, csrf: "", format: shown.format)
        return [DaySection(rank: 15, heading: shown.format.t("appointments.card_title"), listClass: "dose-list", items: html)]
    }

    /// The week's appointments ahead (now when within the hour), and those of the last week
    /// nobody said how they went (asked after the late ones).
    static func today(_ shown: ShownHome, _ snapshot: Snapshot, into list: inout TodayList) throws {
        let near = try AppointmentRepository.appointments(
            access: shown.context.access, from: shown.today.adding(days: -AppointmentRepository.askingDays),
            to: shown.today.adding(days: AppointmentRepository.aheadDays), in: snapshot)
        for appointment in near where !appointment.isDone {
            let at = appointment.input.startsAt
            list.add(at.timeIntervalSince(shown.now) <= 3600 && at > shown.now ? .now : .soon, at: at) {
                AppointmentListHTML.render(
                    [appointment], today: shown.today, now: shown.now, canRecord: shown.canRecord, csrf: shown.context.csrfToken, format: shown.format)
            }
        }
    }

    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        try person(shown.subject, into: &cards)
    }

    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        let today = LocalDate(shown.now, in: shown.context.timeZone)
        let canRecord = shown.context.role?.canRecord == true
        let theirs = try AppointmentRepository(shown.database).appointments(
            access: shown.context.access, from: today.adding(days: -AppointmentRepository.askingDays), subjectID: shown.id)
        let list = AppointmentListHTML.onHome(theirs, now: shown.now)
        var html = HTML.empty
        if !list.isEmpty {
            html += #"<ul class="dose-list">"#
            html += AppointmentListHTML.render(
                list, today: today, now: shown.now, canRecord: canRecord, csrf: shown.context.csrfToken, format: shown.format)
            html += "</ul>"
        }
        if canRecord {
            html +=
                #"<p><a href="\#(QueryLink.make(AppointmentRoutes.new.pattern, ["subject": String(shown.id)]))">+ \#(shown.format.t("appointments.new"))</a></p>"#
        }
        cards.add(SubjectCard(rank: 20, id: "appointments", heading: shown.format.t("appointments.card_title"), html: html))
    }
}
