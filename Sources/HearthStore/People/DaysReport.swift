import Foundation
import GRDB
import HearthCore

/// What a report says of a person's days: water and steps against the goals of each day, up
/// to today.
public struct DaysReport: Sendable {
    public struct Day: Sendable {
        public let day: LocalDate
        public let waterML: Int?
        public let steps: Int?
        public let goals: DailyGoals
    }

    public var days: [Day] = []

    public static func read(_ report: SubjectReport, in snapshot: Snapshot) throws -> DaysReport {
        var found = DaysReport()
        guard report.subject.kind == .person else { return found }
        let db = snapshot.db
        let values = Dictionary(
            uniqueKeysWithValues: try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT local_date, water_ml, steps FROM person_day WHERE subject_id = ? AND local_date BETWEEN ? AND ?
                        """), arguments: report.span
            ).compactMap { row in LocalDate(row[0] as String).map { ($0, (row[1] as Int?, row[2] as Int?)) } })
        var day = report.from
        while day <= min(report.to, report.today) {
            let value = values[day]
            found.days.append(
                Day(
                    day: day, waterML: value?.0.flatMap { $0 > 0 ? $0 : nil }, steps: value?.1,
                    goals: try DailyRepository.goals(subjectID: report.subject.id, on: day, db)))
            day = day.adding(days: 1)
        }
        return found
    }
}
