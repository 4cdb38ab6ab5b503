import Foundation
import GRDB
import HearthCore

/// The calendar's rings: vaccines, preventives and follow-ups due that day.
enum CareDueMarks: CalendarMarksSource {
    static func mark(_ marks: inout [LocalDate: DayMarks], _ span: CalendarSpan, _ db: Database) throws {
        let careFilter = span.filter.kind.map { if case .record(let kind) = $0 { kind.isCare } else { false } } ?? false
        guard span.filter.kind == nil || careFilter else { return }
        for item in try CareRepository.due(access: span.access, today: span.today, in: span.snapshot) where item.date >= span.from && item.date <= span.to {
            guard span.filter.subject == nil || span.filter.subject == item.subjectID else { continue }
            marks[item.date, default: DayMarks()].due.append(item)
        }
    }
}
