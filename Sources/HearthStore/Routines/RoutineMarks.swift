import Foundation
import GRDB
import HearthCore

/// One routine on one calendar day: due then (done or not), or done then.
public struct RoutineDayMark: Sendable, Equatable {
    public let routineID: Int64
    /// "Tori: Teeth"; the house's have no subject name.
    public let subjectName: String?
    public let name: String
    public let done: Bool
}

/// The calendar's routines: each day a calendar rule places, the day an "N days after done"
/// one is due next, and the days any was done.
enum RoutineMarks: CalendarMarksSource {
    static func mark(_ marks: inout [LocalDate: DayMarks], _ span: CalendarSpan, _ db: Database) throws {
        guard span.filter.kind == nil && span.withDoses else { return }
        var routines = try RoutineRepository.routines(access: span.access, today: span.today, marksFrom: span.from, db)
        if let only = span.filter.subject { routines = routines.filter { $0.subject?.id == only } }
        for routine in routines {
            var days: [(LocalDate, Bool)] = []
            func add(_ day: LocalDate, _ done: Bool) { days.append((day, done)) }
            switch routine.schedule.repeatRule {
            case .afterDone, .asNeeded:
                for mark in routine.marks where mark.status == .done {
                    if let day = mark.doneDay, day >= span.from && day <= span.to { add(day, true) }
                }
                if let next = routine.due(today: span.today), next.day >= span.from && next.day <= span.to { add(next.day, false) }
            default:
                var day = max(span.from, routine.schedule.start)
                while day <= span.to {
                    if routine.schedule.falls(on: day) { add(day, routine.mark(on: day)?.status == .done) }
                    day = day.adding(days: 1)
                }
            }
            for (day, done) in days {
                marks[day, default: DayMarks()].routines.append(
                    RoutineDayMark(routineID: routine.id, subjectName: routine.subject?.name, name: routine.name, done: done))
            }
        }
    }
}
