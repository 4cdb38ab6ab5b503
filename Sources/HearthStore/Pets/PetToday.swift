import GRDB
import HearthCore

/// A pet's today on the home page: how many records of each kind so far, and its latest weight.
public struct PetToday: Sendable {
    public let subject: SubjectSummary
    public let records: [EntryKind: Int]
    public let latestWeightGrams: Double?
    /// The pet's usual main meal and its amount: home offers it in one tap.
    public let usualMeal: UsualMeal?

    public struct UsualMeal: Sendable, Equatable {
        public let foodID: Int64
        public let foodName: String
        public let amount: Double?
        public let unit: AmountUnit
    }

    /// The pets among `subjects`, each with its day so far.
    public static func read(_ subjects: [SubjectSummary], on day: LocalDate, in snapshot: Snapshot) throws -> [PetToday] {
        let pets = subjects.filter { $0.kind == .pet }
        guard !pets.isEmpty else { return [] }
        let db = snapshot.db
        var counts: [Int64: [EntryKind: Int]] = [:]
        // INDEXED BY: for the GROUP BY's order SQLite chose the (subject, kind) index and walked
        // every record of each pet, 16 ms for the demo household; by day and kind (which covers
        // the count), 34 µs.
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT subject_id, kind, count(*) AS n FROM entry INDEXED BY entry_kinds_by_day
                    WHERE subject_id IN (\(pets.map { String($0.id) }.joined(separator: ","))) AND local_date = ? AND deleted_at IS NULL
                    GROUP BY subject_id, kind
                    """), arguments: [day.description])
        {
            if let kind = EntryKind(rawValue: row["kind"]) { counts[row["subject_id"], default: [:]][kind] = row["n"] }
        }
        return try pets.map { pet in
            PetToday(
                subject: pet, records: counts[pet.id] ?? [:], latestWeightGrams: try EntryRepository.latestWeightGrams(subjectID: pet.id, db),
                usualMeal: try usualMeal(petID: pet.id, db))
        }
    }

    /// The pet's usual main meal: the food and amount most often given in its last 30 meals of
    /// food (the newest on a tie), never a treat or a snack, which one tap would log as a meal.
    static func usualMeal(petID: Int64, _ db: Database) throws -> UsualMeal? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT food_id, name, amount, amount_unit FROM (
                            SELECT m.food_id, f.name, m.amount, m.amount_unit, e.occurred_at, e.id FROM entry e
                            JOIN meal_entry m ON m.entry_id = e.id JOIN food f ON f.id = m.food_id
                            WHERE e.subject_id = ? AND e.kind = 'meal' AND e.deleted_at IS NULL AND f.kind = 'food'
                            ORDER BY e.occurred_at DESC, e.id DESC LIMIT 30)
                        GROUP BY food_id, amount, amount_unit ORDER BY count(*) DESC, max(occurred_at) DESC, max(id) DESC LIMIT 1
                        """), arguments: [petID])
        else { return nil }
        return UsualMeal(foodID: row[0], foodName: row[1], amount: row[2], unit: AmountUnit(rawValue: row[3]) ?? .g)
    }
}
