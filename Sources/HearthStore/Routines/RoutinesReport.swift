import Foundation
import GRDB
import HearthCore

/// What a report says of a subject's routines: for each, the days it was due in the span and
/// what became of them — done (and how many late), skipped, missed. A routine due N days after
/// it was done, or done when needed, has no days of its own: its "done" are counted.
public struct RoutinesReport: Sendable {
    public struct Line: Sendable {
        public let routine: Routine
        /// Days due up to today within the span (nil: the routine places no days of its own).
        public let due: Int?
        public let done: Int
        public let late: Int
        public let skipped: Int
        public let missed: [LocalDate]
    }

    public var routines: [Line] = []

    public static func read(_ report: SubjectReport, in snapshot: Snapshot) throws -> RoutinesReport {
        var result = RoutinesReport()
        let today = LocalDate(report.now, in: report.timeZone)
        let routines = try RoutineRepository.routines(access: report.access, subjectID: report.subject.id, today: today, in: snapshot)
        guard !routines.isEmpty else { return result }
        var marks: [Int64: [RoutineMark]] = [:]
        for row in try Row.fetchAll(
            snapshot.db,
            sql: """
                SELECT \(RoutineRepository.markColumns) FROM routine_mark k LEFT JOIN account a ON a.id = k.account_id
                WHERE k.routine_id IN (\(routines.map { String($0.id) }.joined(separator: ","))) AND (k.due_date BETWEEN ? AND ? OR k.done_date BETWEEN ? AND ?)
                """, arguments: [report.from.description, report.to.description, report.from.description, report.to.description])
        {
            let mark = RoutineRepository.mark(row)
            marks[mark.routineID, default: []].append(mark)
        }
        let last = min(report.to, today)
        for routine in routines {
            let own = marks[routine.id] ?? []
            switch routine.schedule.repeatRule {
            case .afterDone, .asNeeded:
                let done = own.filter { $0.status == .done && ($0.doneDay.map { $0 >= report.from && $0 <= report.to } ?? false) }
                let skipped = own.filter { $0.status == .skipped && $0.due >= report.from && $0.due <= report.to }
                guard !done.isEmpty || !skipped.isEmpty else { continue }
                result.routines.append(Line(routine: routine, due: nil, done: done.count, late: done.filter(\.late).count, skipped: skipped.count, missed: []))
            default:
                let byDay = Dictionary(own.map { ($0.due, $0) }, uniquingKeysWith: { first, _ in first })
                var days: [LocalDate] = []
                var day = max(report.from, routine.schedule.start)
                while day <= last {
                    if routine.schedule.falls(on: day) { days.append(day) }
                    day = day.adding(days: 1)
                }
                guard !days.isEmpty else { continue }
                let marked = days.compactMap { byDay[$0] }
                let done = marked.filter { $0.status == .done }
                // Today's is not missed yet.
                let missed = days.filter { byDay[$0] == nil && $0 < today }
                result.routines.append(
                    Line(
                        routine: routine, due: days.count, done: done.count, late: done.filter(\.late).count,
                        skipped: marked.count - done.count, missed: missed))
            }
        }
        return result
    }
}
