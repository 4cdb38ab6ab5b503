import Foundation
import GRDB
import HearthCore

/// The calendar's doses: given of those due by then, each day.
enum DoseMarks: CalendarMarksSource {
    static func mark(_ marks: inout [LocalDate: DayMarks], _ span: CalendarSpan, _ db: Database) throws {
        guard span.filter.kind == nil && span.withDoses else { return }
        // Regimens keep no rows per day: the doses are worked out for the days shown.
        var byDay: [LocalDate: [DoseSlot]] = [:]
        for entry in try RegimenRepository.doses(
            access: span.access, subjectID: span.filter.subject, from: span.from, to: span.to, in: span.timeZone, snapshot: span.snapshot)
        {
            for slot in entry.slots { byDay[slot.day, default: []].append(slot) }
        }
        for (day, slots) in byDay {
            let adherence = Adherence.of(slots, now: span.now)
            if adherence.due > 0 { marks[day, default: DayMarks()].doses = adherence }
        }
    }
}
