import Foundation
import GRDB
import HearthCore

/// The calendar's appointments, on their days.
enum AppointmentMarks: CalendarMarksSource {
    static func mark(_ marks: inout [LocalDate: DayMarks], _ span: CalendarSpan, _ db: Database) throws {
        guard span.filter.kind == nil else { return }
        for appointment in try AppointmentRepository.appointments(access: span.access, from: span.from, to: span.to, db)
        where span.filter.subject == nil || appointment.subject?.id == span.filter.subject {
            marks[appointment.input.date, default: DayMarks()].appointments.append(appointment)
        }
    }
}
