import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// Appointments in the words a member reads.
extension Formatting {
    /// "D-3", "D-day", "2 days ago".
    func dDay(_ appointment: Appointment, today: LocalDate) -> String {
        let days = appointment.input.daysAway(from: today)
        if days > 0 { return "D-\(days)" }
        if days == 0 { return t("appointments.d_day") }
        return t(days == -1 ? "appointments.days_ago_one" : "appointments.days_ago", ["n": String(-days)])
    }

    /// "토리 건강검진", "우리 집 미용" — whose, and what (or the note, for "other").
    func appointmentTitle(_ appointment: Appointment) -> String {
        let what = appointment.kind == .other ? (appointment.input.note ?? t("appointments.kind.other")) : t("appointments.kind.\(appointment.kind.rawValue)")
        return "\(appointment.subject?.name ?? t("appointments.household")) \(what)"
    }

    /// "11월 27일 (금) 10:00 · 해든동물병원".
    func appointmentWhen(_ appointment: Appointment) -> String {
        ([shortDay(appointment.input.date) + " " + minutes(appointment.input.minutes)] + [appointment.placeText].compactMap { $0 })
            .joined(separator: " · ")
    }
}

/// Appointments as `<li>`s: the D-day, whose and what, when and where; after its time, one
/// that is not marked asks "How did it go?".
enum AppointmentListHTML {
    static func render(_ appointments: [Appointment], today: LocalDate, now: Date, canRecord: Bool, csrf: String, format: Formatting) -> HTML {
        var html = HTML.empty
        for appointment in appointments {
            let past = appointment.input.startsAt < now
            let state = appointment.isDone ? "done" : past ? "past" : "coming"
            html += #"<li class="appointment appointment-\#(state)"><span class="dday">\#(format.dDay(appointment, today: today))</span> "#
            html += #"<span class="what"><a href="\#(AppointmentRoutes.one(appointment.id))">\#(format.appointmentTitle(appointment))</a></span> "#
            html += #"<span class="when">\#(format.appointmentWhen(appointment))"#
            if appointment.isDone { html += " · \(format.t("appointments.done"))" }
            html += "</span>"
            if canRecord && past && !appointment.isDone {
                html += #" <a class="button" href="\#(outcome(appointment))">\#(format.t("appointments.how_did_it_go"))</a>"#
            }
            html += "</li>"
        }
        return html
    }

    /// "How did it go?": a pet's vet visit, check-up or vaccination opens its record's form
    /// (`recordForm`); anything else is marked done on its page.
    static func outcome(_ appointment: Appointment) -> String {
        recordForm(appointment) ?? AppointmentRoutes.one(appointment.id)
    }

    /// The record form an appointment turns into: the pet, the day, the time, the clinic and
    /// the reason filled in, carrying the appointment (saved, the record is linked to it); nil
    /// for what is no record (grooming, a pick-up, a person's).
    static func recordForm(_ appointment: Appointment) -> String? {
        guard let subject = appointment.subject, subject.kind == .pet, let kind = appointment.kind.recordKind else { return nil }
        var query = [
            "kind": kind.rawValue, "appointment": String(appointment.id), "date": appointment.input.date.description,
            "time": LocalTime.clock(minutes: appointment.input.minutes),
        ]
        if let clinic = appointment.input.clinicID { query["clinic_id"] = String(clinic) }
        if kind == .vetVisit, let note = appointment.input.note { query["reason"] = note }
        return QueryLink.make(PetRoutes.newRecord(subject.id), query)
    }

    /// What home shows: the week ahead, and those of the last week nobody said how they went.
    static func onHome(_ appointments: [Appointment], now: Date) -> [Appointment] {
        appointments.filter { $0.input.startsAt >= now || !$0.isDone }
    }
}
