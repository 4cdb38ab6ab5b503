import Foundation
import GRDB
import HearthCore

/// What a report says of a subject's records over its span: weighings, meals, toilets,
/// symptoms and vomits, the diary and a few photos. Plain figures, formatted by the page.
public struct RecordsReport: Sendable {
    public struct Weight: Sendable {
        public let day: LocalDate
        public let grams: Double
    }
    public struct Food: Sendable {
        public let name: String
        public let kind: String
        public let times: Int
        public let amount: Double?
        public let unit: String
        public let refused: Int
    }
    public struct Toilets: Sendable {
        public var count = 0, urine = 0, stool = 0
        public var averageScore: Double?
        /// Stools by their score (1–7), and those with blood or mucus: the stools by kind a vet asks for.
        public var scores: [Int: Int] = [:]
        public var blood = 0, mucus = 0
        /// Days with blood or mucus, or a stool score of 6–7.
        public var unusualDays: [LocalDate] = []
    }
    public struct Symptom: Sendable {
        public let at: Date
        public let day: LocalDate
        public let kind: String
        public let signs: String
        public let severity: Int?
        public let note: String?
        /// A vomit record's times (one record may say it happened three times).
        public let times: Int
    }
    public struct Diary: Sendable {
        public let day: LocalDate
        public let title: String?
        public let body: String?
    }

    public var weights: [Weight] = []
    public var foods: [Food] = []
    /// Meals by how much was eaten (`all`, `some`, `refused`): the appetite over the span.
    public var appetite: [MealOutcome: Int] = [:]
    public var toilets = Toilets()
    public var symptoms: [Symptom] = []
    public var diary: [Diary] = []
    /// A few photos of the span: favourites first, then the earliest.
    public var photos: [String] = []

    public static func read(_ report: SubjectReport, in snapshot: Snapshot) throws -> RecordsReport {
        let (db, live, span) = (snapshot.db, report.live, report.span)
        var records = RecordsReport()
        guard report.recordCount > 0 else { return records }
        records.weights = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.local_date, w.grams FROM entry e JOIN weight_entry w ON w.entry_id = e.id WHERE \(live) ORDER BY e.occurred_at
                    """), arguments: span
        ).compactMap { row in LocalDate(row[0] as String).map { Weight(day: $0, grams: row[1]) } }
        records.foods = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT f.name, f.kind, count(*), sum(m.amount), m.amount_unit, sum(m.outcome = 'refused')
                    FROM entry e JOIN meal_entry m ON m.entry_id = e.id JOIN food f ON f.id = m.food_id WHERE \(live)
                    GROUP BY f.id, m.amount_unit ORDER BY f.kind, count(*) DESC, f.name
                    """), arguments: span
        ).map { Food(name: $0[0], kind: $0[1], times: $0[2], amount: $0[3], unit: $0[4], refused: $0[5]) }
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT m.outcome, count(*) FROM entry e JOIN meal_entry m ON m.entry_id = e.id WHERE \(live) GROUP BY m.outcome"),
            arguments: span)
        {
            if let outcome = MealOutcome(rawValue: row[0]) { records.appetite[outcome] = row[1] }
        }
        if let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT count(*), sum(x.urine), sum(x.stool), avg(x.fecal_score), sum(x.stool AND x.blood), sum(x.stool AND x.mucus)
                    FROM entry e JOIN excretion_entry x ON x.entry_id = e.id WHERE \(live)
                    """), arguments: span)
        {
            records.toilets = Toilets(count: row[0], urine: row[1] ?? 0, stool: row[2] ?? 0, averageScore: row[3], blood: row[4] ?? 0, mucus: row[5] ?? 0)
        }
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT x.fecal_score, count(*) FROM entry e JOIN excretion_entry x ON x.entry_id = e.id
                    WHERE \(live) AND x.stool AND x.fecal_score IS NOT NULL GROUP BY x.fecal_score
                    """), arguments: span)
        {
            records.toilets.scores[row[0]] = row[1]
        }
        records.toilets.unusualDays = try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT DISTINCT e.local_date FROM entry e JOIN excretion_entry x ON x.entry_id = e.id
                    WHERE \(live) AND (x.blood OR x.mucus OR x.fecal_score >= 6) ORDER BY e.local_date
                    """), arguments: span
        ).compactMap(LocalDate.init)
        records.symptoms = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.occurred_at, e.local_date, e.kind, coalesce(s.signs, ''), s.severity, coalesce(s.description, v.contents, e.note), v.times
                    FROM entry e LEFT JOIN symptom_entry s ON s.entry_id = e.id LEFT JOIN vomit_entry v ON v.entry_id = e.id
                    WHERE \(live) AND e.kind IN ('symptom', 'vomit') ORDER BY e.occurred_at
                    """), arguments: span
        ).compactMap { row in
            LocalDate(row[1] as String).map {
                Symptom(at: row[0], day: $0, kind: row[2], signs: row[3], severity: row[4], note: row[5], times: row[6] ?? 1)
            }
        }
        records.diary = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.local_date, d.title, d.body FROM entry e JOIN diary_entry d ON d.entry_id = e.id
                    WHERE \(live) AND (d.title IS NOT NULL OR d.body IS NOT NULL) ORDER BY e.occurred_at LIMIT \(SubjectReport.diaryLimit)
                    """), arguments: span
        ).compactMap { row in LocalDate(row[0] as String).map { Diary(day: $0, title: row[1], body: row[2]) } }
        records.photos = try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.photo_sha FROM entry e JOIN entry_photo p ON p.entry_id = e.id JOIN photo ph ON ph.sha256 = p.photo_sha
                    WHERE \(live) AND e.photo_count > 0 GROUP BY p.photo_sha ORDER BY max(ph.favourite_at IS NOT NULL) DESC, min(e.occurred_at)
                    LIMIT \(SubjectReport.photoLimit)
                    """), arguments: span)
        return records
    }
}
