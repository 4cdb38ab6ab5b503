import Foundation
import GRDB
import HearthCore

/// A person's daily goals (effective-dated) and their days' water and steps.
public struct DailyRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// The goals that held on `day`; the defaults (no goals, a 250 ml cup) before any were set.
    public func goals(subjectID: Int64, on day: LocalDate) throws -> DailyGoals {
        try database.read { db in try Self.goals(subjectID: subjectID, on: day, db) }
    }

    static func goals(subjectID: Int64, on day: LocalDate, _ db: Database) throws -> DailyGoals {
        try history(subjectID: subjectID, through: day, db).last?.goals ?? DailyGoals()
    }

    /// Every change of the person's goals up to `day`, oldest first: each holds until the next.
    static func history(subjectID: Int64, through day: LocalDate? = nil, _ db: Database) throws -> [(from: LocalDate, goals: DailyGoals)] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT effective_from, water_ml, cup_ml, steps, weight_min_g, weight_max_g FROM person_goal
                    WHERE subject_id = ? AND effective_from <= ? ORDER BY effective_from
                    """), arguments: [subjectID, (day ?? LocalDate(year: 9999, month: 12, day: 31)!).description]
        ).compactMap { row in
            LocalDate(row["effective_from"] as String).map { from in
                (
                    from,
                    DailyGoals(
                        waterML: row["water_ml"], cupML: row["cup_ml"], steps: row["steps"],
                        weightRangeGrams: (row["weight_min_g"] as Double?).flatMap { low in (row["weight_max_g"] as Double?).map { low...$0 } })
                )
            }
        }
    }

    /// Sets the goals from `day` on; days before keep the goals they had.
    public func setGoals(_ goals: DailyGoals, subjectID: Int64, from day: LocalDate, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO person_goal (subject_id, effective_from, water_ml, cup_ml, steps, weight_min_g, weight_max_g, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (subject_id, effective_from) DO UPDATE SET
                        water_ml = excluded.water_ml, cup_ml = excluded.cup_ml, steps = excluded.steps,
                        weight_min_g = excluded.weight_min_g, weight_max_g = excluded.weight_max_g, updated_at = excluded.updated_at
                    """,
                arguments: [
                    subjectID, day.description, goals.waterML, goals.cupML, goals.steps,
                    goals.weightRangeGrams?.lowerBound, goals.weightRangeGrams?.upperBound, now,
                ])
        }
    }

    /// The day's goals, water and steps, in one read.
    public func day(subjectID: Int64, on day: LocalDate) throws -> PersonDay {
        try database.read { db in try Self.day(subjectID: subjectID, on: day, db) }
    }

    static func day(subjectID: Int64, on day: LocalDate, _ db: Database) throws -> PersonDay {
        let goals = try Self.goals(subjectID: subjectID, on: day, db)
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT water_ml, steps FROM person_day WHERE subject_id = ? AND local_date = ?"), arguments: [subjectID, day.description])
        let water = WaterDay(drankML: row?["water_ml"] ?? 0, goalML: goals.waterML, cupML: goals.cupML)
        return PersonDay(goals: goals, water: water, steps: row?["steps"], latestWeight: try Self.latestWeight(subjectID: subjectID, onOrBefore: day, db))
    }

    /// The newest weight on or before `day`: weighed by hand (a weight record), or from an import
    /// on a day with none by hand.
    static func latestWeight(subjectID: Int64, onOrBefore day: LocalDate, _ db: Database) throws -> DatedWeight? {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT grams, local_date FROM (
                        SELECT * FROM (SELECT w.grams, e.local_date FROM entry e JOIN weight_entry w ON w.entry_id = e.id
                                       WHERE e.subject_id = ?1 AND e.deleted_at IS NULL AND e.local_date <= ?2
                                       ORDER BY e.local_date DESC, e.occurred_at DESC LIMIT 1)
                        UNION ALL
                        SELECT * FROM (SELECT imported_weight_g, local_date FROM daily_value
                                       WHERE subject_id = ?1 AND local_date <= ?2 AND imported_weight_g IS NOT NULL
                                       ORDER BY local_date DESC LIMIT 1)
                    ) ORDER BY local_date DESC LIMIT 1
                    """), arguments: [subjectID, day.description])
        return row.flatMap { row in LocalDate(row["local_date"] as String).map { DatedWeight(grams: row["grams"], day: $0) } }
    }

    /// The day's water against the goal that held that day.
    public func water(subjectID: Int64, on day: LocalDate) throws -> WaterDay {
        try self.day(subjectID: subjectID, on: day).water
    }

    /// Adds (or with a negative amount takes away) water for the day; never below nothing.
    /// A day that only an import had filled starts from the imported amount, and is by hand from then on.
    public func addWater(_ millilitres: Int, subjectID: Int64, on day: LocalDate, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO daily_value (subject_id, local_date, water_ml, water_by_hand, updated_at) VALUES (?, ?, max(0, ?), 1, ?)
                    ON CONFLICT (subject_id, local_date) DO UPDATE SET
                        water_ml = max(0, CASE WHEN water_by_hand THEN water_ml ELSE coalesce(imported_water_ml, 0) END + ?),
                        water_by_hand = 1, updated_at = excluded.updated_at
                    """, arguments: [subjectID, day.description, millilitres, now, millilitres])
        }
    }

    /// Many days' water and steps as typed by hand, in one transaction (the demo household).
    public func setDays(_ days: [(day: LocalDate, waterML: Int, steps: Int?)], subjectID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO daily_value (subject_id, local_date, water_ml, water_by_hand, steps, updated_at) VALUES (?, ?, ?, 1, ?, ?)
                    ON CONFLICT (subject_id, local_date) DO UPDATE SET
                        water_ml = excluded.water_ml, water_by_hand = 1, steps = excluded.steps, updated_at = excluded.updated_at
                    """)
            for day in days { try statement.execute(arguments: [subjectID, day.day.description, day.waterML, day.steps, now]) }
        }
    }

    /// The day's steps as counted by hand (replacing what was there).
    public func setSteps(_ steps: Int, subjectID: Int64, on day: LocalDate, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO daily_value (subject_id, local_date, steps, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (subject_id, local_date) DO UPDATE SET steps = excluded.steps, updated_at = excluded.updated_at
                    """, arguments: [subjectID, day.description, steps, now])
        }
    }
}

/// A person's day as their page shows it: the goals that held, the water, the steps.
public struct PersonDay: Sendable, Equatable {
    public let goals: DailyGoals
    public let water: WaterDay
    /// nil: no steps counted that day.
    public let steps: Int?
    /// The newest weight up to that day.
    public let latestWeight: DatedWeight?
}

public struct DatedWeight: Sendable, Equatable {
    public let grams: Double
    public let day: LocalDate

    public init(grams: Double, day: LocalDate) {
        self.grams = grams
        self.day = day
    }
}
