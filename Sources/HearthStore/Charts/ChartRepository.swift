import Foundation
import GRDB
import HearthCore

/// How finely a chart's figures are gathered: a point a day, a week (from Monday) or a month,
/// chosen so that a chart never has more than about 400 points.
public enum ChartBucket: String, Sendable {
    case day, week, month

    public static func fitting(from: LocalDate, to: LocalDate) -> ChartBucket {
        let days = to.daysSince1970 - from.daysSince1970 + 1
        return days <= 62 ? .day : days <= 400 * 7 ? .week : .month
    }

    /// The first day of the bucket `day` falls in (weeks from Monday, as `sql` gathers them).
    public func start(of day: LocalDate) -> LocalDate {
        switch self {
        case .day: day
        case .week: day.adding(days: -((day.weekday + 5) % 7))
        case .month: YearMonth(day).firstDay
        }
    }

    /// The SQL that turns `local_date` into its bucket's first day.
    func sql(_ column: String) -> String {
        switch self {
        case .day: column
        case .week: "date(\(column), 'weekday 0', '-6 days')"
        case .month: "substr(\(column), 1, 7) || '-01'"
        }
    }
}

/// One bucket's figures: the sum, the days with a value, and so the average per day.
public struct BucketFigure: Sendable, Equatable {
    public let start: LocalDate
    public let total: Double
    public let days: Int
    /// For snacks: the kcal, where the food's energy and a weight in grams are known.
    public let kcal: Double?

    public init(start: LocalDate, total: Double, days: Int, kcal: Double?) {
        (self.start, self.total, self.days, self.kcal) = (start, total, days, kcal)
    }

    public var perDay: Double { days == 0 ? 0 : total / Double(days) }
}

/// The figures behind the charts, gathered in SQL by day, week or month.
public struct ChartRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Steps or water (millilitres) per bucket, from the person's days (a hand value winning over an import).
    public func daily(_ figure: PersonFigure, subjectID: Int64, from: LocalDate, to: LocalDate, bucket: ChartBucket) throws -> [BucketFigure] {
        let column = figure == .steps ? "steps" : "water_ml"
        return try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(bucket.sql("local_date")) AS start, sum(\(column)) AS total, count(*) AS days FROM person_day
                        WHERE subject_id = ? AND local_date BETWEEN ? AND ? AND \(column) > 0
                        GROUP BY start ORDER BY start
                        """), arguments: [subjectID, from.description, to.description]
            ).compactMap(Self.figure)
        }
    }

    public enum PersonFigure: Sendable { case steps, water }

    /// Weight (grams, the bucket's average): weighings by hand, and imported ones on days with none by hand.
    /// Both record reads here go by kind (`INDEXED BY`): SQLite preferred the day index and walked
    /// every record of a pet's ten years to find its weighings and meals (18 ms; 3 ms by kind).
    /// The first and the last weighing of the period, in grams: what a chart's summary says,
    /// as the pet's page does, rather than the first and last bucket's average.
    public func weighingEnds(subjectID: Int64, from: LocalDate, to: LocalDate) throws -> (first: Double, last: Double)? {
        try database.read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        WITH weighing AS (
                            SELECT e.local_date, e.occurred_at AS at, w.grams FROM entry e INDEXED BY entry_timeline_by_kind JOIN weight_entry w ON w.entry_id = e.id
                            WHERE e.subject_id = ?1 AND e.kind = 'weight' AND e.local_date BETWEEN ?2 AND ?3 AND e.deleted_at IS NULL
                                  AND e.occurred_at >= ?4 AND e.occurred_at < ?5
                            UNION ALL
                            SELECT d.local_date, NULL, d.imported_weight_g FROM daily_value d
                            WHERE d.subject_id = ?1 AND d.local_date BETWEEN ?2 AND ?3 AND d.imported_weight_g IS NOT NULL
                              AND NOT EXISTS (SELECT 1 FROM entry e WHERE e.subject_id = ?1 AND e.local_date = d.local_date AND e.kind = 'weight' AND e.deleted_at IS NULL))
                        SELECT * FROM (SELECT grams FROM weighing ORDER BY local_date, at LIMIT 1)
                        UNION ALL SELECT * FROM (SELECT grams FROM weighing ORDER BY local_date DESC, at DESC LIMIT 1)
                        """), arguments: [subjectID, from.description, to.description] + Self.instantBounds(from, to))
            guard rows.count == 2 else { return nil }
            return (rows[0][0], rows[1][0])
        }
    }

    public func weight(subjectID: Int64, from: LocalDate, to: LocalDate, bucket: ChartBucket) throws -> [BucketFigure] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(bucket.sql("local_date")) AS start, sum(grams) AS total, count(*) AS days FROM (
                            SELECT e.local_date, w.grams FROM entry e INDEXED BY entry_timeline_by_kind JOIN weight_entry w ON w.entry_id = e.id
                            WHERE e.subject_id = ?1 AND e.kind = 'weight' AND e.local_date BETWEEN ?2 AND ?3 AND e.deleted_at IS NULL
                                  AND e.occurred_at >= ?4 AND e.occurred_at < ?5
                            UNION ALL
                            SELECT d.local_date, d.imported_weight_g FROM daily_value d
                            WHERE d.subject_id = ?1 AND d.local_date BETWEEN ?2 AND ?3 AND d.imported_weight_g IS NOT NULL
                              AND NOT EXISTS (SELECT 1 FROM entry e WHERE e.subject_id = ?1 AND e.local_date = d.local_date AND e.kind = 'weight' AND e.deleted_at IS NULL)
                        ) GROUP BY start ORDER BY start
                        """), arguments: [subjectID, from.description, to.description] + Self.instantBounds(from, to)
            ).compactMap(Self.figure)
        }
    }

    /// A pet's vet visits in a period (day and reason), to mark on its weight chart.
    public func vetVisits(subjectID: Int64, from: LocalDate, to: LocalDate) throws -> [(day: LocalDate, reason: String?)] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT e.local_date, v.reason FROM entry e INDEXED BY entry_timeline_by_kind JOIN vet_visit_entry v ON v.entry_id = e.id
                        WHERE e.subject_id = ?1 AND e.kind = 'vet_visit' AND e.local_date BETWEEN ?2 AND ?3 AND e.deleted_at IS NULL
                              AND e.occurred_at >= ?4 AND e.occurred_at < ?5
                        ORDER BY e.occurred_at
                        """), arguments: [subjectID, from.description, to.description] + Self.instantBounds(from, to)
            ).compactMap { row in
                LocalDate(row[0] as String).map { ($0, row[1]) }
            }
        }
    }

    /// A record's local day is within 14 hours of its UTC day (no zone is further), so two days
    /// either side bound its instant: the range the by-kind index can seek.
    static func instantBounds(_ from: LocalDate, _ to: LocalDate) -> StatementArguments {
        [Date(timeIntervalSince1970: Double(from.daysSince1970 - 2) * 86400), Date(timeIntervalSince1970: Double(to.daysSince1970 + 3) * 86400)]
    }

    /// A pet's snacks and treats per bucket: how many (three pieces of jerky are three; a snack
    /// weighed in grams is one) on how many days, and their kcal.
    public func snacks(subjectID: Int64, from: LocalDate, to: LocalDate, bucket: ChartBucket) throws -> [BucketFigure] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(bucket.sql("e.local_date")) AS start, sum(CASE WHEN m.amount_unit = 'pieces' AND m.amount >= 1 THEN m.amount ELSE 1 END) AS total,
                               count(DISTINCT e.local_date) AS days,
                               sum(CASE m.amount_unit WHEN 'g' THEN m.amount * f.kcal_per_100g / 100 WHEN 'pieces' THEN m.amount * f.kcal_per_piece END) AS kcal
                        FROM entry e INDEXED BY entry_timeline_by_kind JOIN meal_entry m ON m.entry_id = e.id JOIN food f ON f.id = m.food_id
                        WHERE e.subject_id = ? AND e.kind = 'meal' AND e.local_date BETWEEN ? AND ? AND e.deleted_at IS NULL AND f.kind IN ('snack', 'treat')
                              AND e.occurred_at >= ? AND e.occurred_at < ?
                        GROUP BY start ORDER BY start
                        """), arguments: [subjectID, from.description, to.description] + Self.instantBounds(from, to)
            ).compactMap(Self.figure)
        }
    }

    /// How many records of each of `kinds` began in each local hour (0–23) of the days from
    /// `from` to `to` in `timeZone`.
    ///
    /// Counted in SQL by UTC quarter hour (every zone's offset is a whole number of quarter
    /// hours) and by the stretch between the zone's clock changes, then moved to local hours
    /// here: ten years of a pet's meals and toilets (20,000 records) read as a few hundred
    /// groups off the covering timeline index, where reading each instant took 70 ms.
    public func hours(subjectID: Int64, kinds: [EntryKind], from: LocalDate, to: LocalDate, timeZone: TimeZone) throws -> [EntryKind: [Int]] {
        let start = from.midnight(in: timeZone), end = to.adding(days: 1).midnight(in: timeZone)
        // The offset in force from each change on; the first from `start`.
        var stretches: [(from: Date, offset: Int)] = [(start, timeZone.secondsFromGMT(for: start))]
        while let change = timeZone.nextDaylightSavingTimeTransition(after: stretches.last!.from), change < end {
            stretches.append((change, timeZone.secondsFromGMT(for: change)))
        }
        let stretch =
            stretches.count == 1
            ? "0" : "CASE " + (1..<stretches.count).map { "WHEN occurred_at < ? THEN \($0 - 1)" }.joined(separator: " ") + " ELSE \(stretches.count - 1) END"
        var counts = Dictionary(uniqueKeysWithValues: kinds.map { ($0, [Int](repeating: 0, count: 24)) })
        try database.read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT kind, CAST(substr(occurred_at, 12, 2) AS INTEGER) * 4 + CAST(substr(occurred_at, 15, 2) AS INTEGER) / 15 AS quarter,
                               \(stretch) AS stretch, count(*) AS n
                        FROM entry
                        WHERE subject_id = ? AND kind IN (\(kinds.map { "'\($0.rawValue)'" }.joined(separator: ","))) AND deleted_at IS NULL
                              AND occurred_at >= ? AND occurred_at < ?
                        GROUP BY kind, quarter, stretch
                        """), arguments: StatementArguments(stretches.dropFirst().map(\.from)) + [subjectID, start, end])
            for row in rows {
                guard let kind = EntryKind(rawValue: row["kind"]) else { continue }
                let quarter: Int = row["quarter"], index: Int = row["stretch"]
                let local = ((quarter * 900 + stretches[index].offset) % 86400 + 86400) % 86400
                counts[kind]?[local / 3600] += row["n"] as Int
            }
        }
        return counts
    }

    /// The goals a person had, oldest first (each holds until the next).
    public func goals(subjectID: Int64) throws -> [(from: LocalDate, goals: DailyGoals)] {
        try database.read { db in try DailyRepository.history(subjectID: subjectID, db) }
    }

    /// The first day anything was kept for the subject: where "all" begins.
    public func firstDay(subjectID: Int64) throws -> LocalDate? {
        try database.read { db in
            try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT min(day) FROM (SELECT min(local_date) AS day FROM entry WHERE subject_id = ?1 AND deleted_at IS NULL
                                              UNION ALL SELECT min(local_date) FROM daily_value WHERE subject_id = ?1)
                        """), arguments: [subjectID]
            ).flatMap(LocalDate.init)
        }
    }

    private static func figure(_ row: Row) -> BucketFigure? {
        guard let start = LocalDate(row["start"] as String) else { return nil }
        return BucketFigure(start: start, total: row["total"] ?? 0, days: row["days"] ?? 0, kcal: row["kcal"])
    }
}
