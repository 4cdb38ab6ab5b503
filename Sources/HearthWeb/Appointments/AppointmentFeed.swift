import Foundation
import HearthCore
import HearthStore

/// Appointments in a member's calendar feed: an hour at their time in the household's zone,
/// where they are, and two alarms — the day before and an hour before.
enum AppointmentFeed {
    static func write(_ appointments: [Appointment], into out: inout ICalendarWriter, zone: TimeZone, now: Date, format: Formatting) {
        let stamp = ICalendarWriter.utc(now)
        for appointment in appointments {
            let summary = format.appointmentTitle(appointment)
            out.begin("VEVENT")
            out.line("UID", "appointment-\(appointment.id)@hearth")
            out.line("DTSTAMP", stamp)
            out.line("DTSTART;TZID=\(zone.identifier)", ICalendarWriter.local(appointment.input.date, minutes: appointment.input.minutes))
            out.line("DURATION", "PT1H")
            out.text("SUMMARY", summary)
            if let place = appointment.placeText { out.text("LOCATION", place) }
            if appointment.kind != .other, let note = appointment.input.note { out.text("DESCRIPTION", note) }
            out.line("CATEGORIES", "APPOINTMENT")
            for trigger in ["-P1D", "-PT1H"] {
                out.begin("VALARM")
                out.line("ACTION", "DISPLAY")
                out.text("DESCRIPTION", summary)
                out.line("TRIGGER", trigger)
                out.end("VALARM")
            }
            out.end("VEVENT")
        }
    }
}
