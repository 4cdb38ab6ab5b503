import Foundation
import GRDB
import HearthCore

/// A pet's or person's day as the API tells it: how many records today, the latest weighing,
/// the last meal, and a person's water and steps against their goals. One read.
public struct SubjectToday: Sendable, Equatable {
    public let records: Int
    public let latestWeight: (grams: Double, at: Date)?
    public let lastMealAt: Date?
    /// A person's; nil for a pet.
    public let person: PersonDay?

    public static func == (a: SubjectToday, b: SubjectToday) -> Bool {
        a.records == b.records && a.latestWeight?.grams == b.latestWeight?.grams && a.latestWeight?.at == b.latestWeight?.at
            && a.lastMealAt == b.lastMealAt && a.person == b.person
    }

    /// Each of `subjects` on `day`, in one read.
    public static func read(_ subjects: [SubjectSummary], on day: LocalDate, _ database: AppDatabase) throws -> [Int64: SubjectToday] {
        try database.read { db in
            var all: [Int64: SubjectToday] = [:]
            for subject in subjects {
                let records =
                    try Int.fetchOne(
                        db.cachedStatement(sql: "SELECT COUNT(*) FROM entry WHERE subject_id = ? AND local_date = ? AND deleted_at IS NULL"),
                        arguments: [subject.id, day.description]) ?? 0
                let weight = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT w.grams, e.occurred_at FROM entry e JOIN weight_entry w ON w.entry_id = e.id
                            WHERE e.subject_id = ? AND e.kind = 'weight' AND e.deleted_at IS NULL ORDER BY e.occurred_at DESC LIMIT 1
                            """), arguments: [subject.id])
                let meal = try Date.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT occurred_at FROM entry WHERE subject_id = ? AND kind = 'meal' AND deleted_at IS NULL ORDER BY occurred_at DESC LIMIT 1"),
                    arguments: [subject.id])
                all[subject.id] = SubjectToday(
                    records: records, latestWeight: weight.map { ($0[0], $0[1]) }, lastMealAt: meal,
                    person: subject.kind == .person ? try DailyRepository.day(subjectID: subject.id, on: day, db) : nil)
            }
            return all
        }
    }
}
