import Foundation
import GRDB
import HearthCore

/// Reads what a printed report needs for one subject, or for each subject a member may see.
/// One read each: the household's month is one snapshot.
public struct ReportRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public static let diaryLimit = 6, photoLimit = 6

    /// Nil when the member may not see the subject (or it does not exist).
    public func report(subjectID: Int64, from: LocalDate, to: LocalDate, access: SubjectAccess, timeZone: TimeZone, now: Date) throws -> SubjectReport? {
        guard access.allows(subjectID) else { return nil }
        return try database.read { db in
            guard let subject = try SubjectRepository.subjects(access: .only([subjectID]), includeArchived: true, db).first else { return nil }
            return try Self.report(subject, from: from, to: to, access: access, timeZone: timeZone, now: now, db)
        }
    }

    /// Every subject the member may see, people first, each with its report.
    public func household(from: LocalDate, to: LocalDate, access: SubjectAccess, timeZone: TimeZone, now: Date) throws -> [SubjectReport] {
        try database.read { db in
            try SubjectRepository.subjects(access: access, db).map { try Self.report($0, from: from, to: to, access: access, timeZone: timeZone, now: now, db) }
        }
    }

    static func report(
        _ subject: SubjectSummary, from: LocalDate, to: LocalDate, access: SubjectAccess, timeZone: TimeZone, now: Date, _ db: Database
    ) throws -> SubjectReport {
        var report = SubjectReport(subject: subject, from: from, to: to)
        let span: StatementArguments = [subject.id, from.description, to.description]
        let live = "e.subject_id = ? AND e.local_date BETWEEN ? AND ? AND e.deleted_at IS NULL"
        for row in try Row.fetchAll(db, sql: "SELECT DISTINCT e.local_date, e.kind FROM entry e WHERE \(live)", arguments: span) {
            if let day = LocalDate(row[0] as String) { report.kindsByDay[day, default: []].insert(row[1]) }
        }
        report.weights = try Row.fetchAll(
            db,
            sql: """
                SELECT e.local_date, w.grams FROM entry e JOIN weight_entry w ON w.entry_id = e.id WHERE \(live) ORDER BY e.occurred_at
                """, arguments: span
        ).compactMap { row in LocalDate(row[0] as String).map { SubjectReport.Weight(day: $0, grams: row[1]) } }
        report.foods = try Row.fetchAll(
            db,
            sql: """
                SELECT f.name, f.kind, count(*), sum(m.amount), m.amount_unit, sum(m.outcome = 'refused')
                FROM entry e JOIN meal_entry m ON m.entry_id = e.id JOIN food f ON f.id = m.food_id WHERE \(live)
                GROUP BY f.id, m.amount_unit ORDER BY f.kind, count(*) DESC, f.name
                """, arguments: span
        ).map { SubjectReport.Food(name: $0[0], kind: $0[1], times: $0[2], amount: $0[3], unit: $0[4], refused: $0[5]) }
        if let row = try Row.fetchOne(
            db,
            sql: """
                SELECT count(*), sum(x.urine), sum(x.stool), avg(x.fecal_score) FROM entry e JOIN excretion_entry x ON x.entry_id = e.id WHERE \(live)
                """, arguments: span)
        {
            report.toilets = SubjectReport.Toilets(count: row[0], urine: row[1] ?? 0, stool: row[2] ?? 0, averageScore: row[3])
        }
        report.toilets.unusualDays = try String.fetchAll(
            db,
            sql: """
                SELECT DISTINCT e.local_date FROM entry e JOIN excretion_entry x ON x.entry_id = e.id
                WHERE \(live) AND (x.blood OR x.mucus OR x.fecal_score >= 6) ORDER BY e.local_date
                """, arguments: span
        ).compactMap(LocalDate.init)
        report.symptoms = try Row.fetchAll(
            db,
            sql: """
                SELECT e.occurred_at, e.local_date, e.kind, coalesce(s.signs, ''), s.severity, coalesce(s.description, v.contents, e.note), v.times
                FROM entry e LEFT JOIN symptom_entry s ON s.entry_id = e.id LEFT JOIN vomit_entry v ON v.entry_id = e.id
                WHERE \(live) AND e.kind IN ('symptom', 'vomit') ORDER BY e.occurred_at
                """, arguments: span
        ).compactMap { row in
            LocalDate(row[1] as String).map { SubjectReport.Symptom(at: row[0], day: $0, kind: row[2], signs: row[3], severity: row[4], note: row[5]) }
        }
        // One row per vaccine given (a name may hold commas: "DAPP (distemper, adenovirus, …)").
        var vaccinations: [(id: Int64, day: LocalDate, clinic: String?, vaccines: [SubjectReport.Vaccination.Vaccine])] = []
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT e.id, e.local_date, x.clinic_name, g.code, g.name FROM entry e JOIN vaccination_entry x ON x.entry_id = e.id
                LEFT JOIN vaccine_given g ON g.entry_id = e.id WHERE \(live) ORDER BY e.occurred_at, e.id, g.position
                """, arguments: span)
        {
            guard let day = LocalDate(row[1] as String) else { continue }
            if vaccinations.last?.id != row[0] { vaccinations.append((row[0], day, row[2], [])) }
            if let name: String = row[4] { vaccinations[vaccinations.count - 1].vaccines.append(.init(code: row[3], name: name)) }
        }
        report.vaccinations = vaccinations.map { SubjectReport.Vaccination(day: $0.day, vaccines: $0.vaccines, clinic: $0.clinic) }
        report.visits = try Row.fetchAll(
            db,
            sql: """
                SELECT e.local_date, coalesce(c.name, x.clinic_name), x.reason, x.diagnosis, x.treatment, x.cost, x.currency
                FROM entry e JOIN vet_visit_entry x ON x.entry_id = e.id LEFT JOIN clinic c ON c.id = x.clinic_id WHERE \(live) ORDER BY e.occurred_at
                """, arguments: span
        ).compactMap { row in
            LocalDate(row[0] as String).map {
                SubjectReport.Visit(day: $0, clinic: row[1], reason: row[2], diagnosis: row[3], treatment: row[4], cost: row[5], currency: row[6])
            }
        }
        let today = LocalDate(now, in: timeZone)
        // What is due: anything overdue, and what falls within 60 days of the span's end.
        report.due = try CareRepository.due(access: .only([subject.id]), today: today, db).filter { $0.date <= max(to, today).adding(days: 60) }
        for entry in try RegimenRepository.doses(access: access, subjectID: subject.id, regimenID: nil, from: from, to: to, in: timeZone, cache: nil, db) {
            let adherence = Adherence.of(entry.slots, now: now)
            guard adherence.due > 0 || !entry.slots.isEmpty else { continue }
            let missed = Adherence.due(entry.slots, now: now).filter { $0.logged?.status != .given }
            report.regimens.append(.init(regimen: entry.regimen, adherence: adherence, missed: missed))
        }
        if subject.kind == .person {
            let values = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(
                    db,
                    sql: """
                        SELECT local_date, water_ml, steps FROM person_day WHERE subject_id = ? AND local_date BETWEEN ? AND ?
                        """, arguments: span
                ).compactMap { row in LocalDate(row[0] as String).map { ($0, (row[1] as Int?, row[2] as Int?)) } })
            var day = from
            while day <= min(to, today) {
                let value = values[day]
                report.days.append(
                    .init(
                        day: day, waterML: value?.0.flatMap { $0 > 0 ? $0 : nil }, steps: value?.1,
                        goals: try DailyRepository.goals(subjectID: subject.id, on: day, db)))
                day = day.adding(days: 1)
            }
        }
        report.diary = try Row.fetchAll(
            db,
            sql: """
                SELECT e.local_date, d.title, d.body FROM entry e JOIN diary_entry d ON d.entry_id = e.id
                WHERE \(live) AND (d.title IS NOT NULL OR d.body IS NOT NULL) ORDER BY e.occurred_at LIMIT \(diaryLimit)
                """, arguments: span
        ).compactMap { row in LocalDate(row[0] as String).map { SubjectReport.Diary(day: $0, title: row[1], body: row[2]) } }
        report.photos = try String.fetchAll(
            db,
            sql: """
                SELECT p.photo_sha FROM entry e JOIN entry_photo p ON p.entry_id = e.id JOIN photo ph ON ph.sha256 = p.photo_sha
                WHERE \(live) AND e.photo_count > 0 GROUP BY p.photo_sha ORDER BY max(ph.favourite_at IS NOT NULL) DESC, min(e.occurred_at) LIMIT \(photoLimit)
                """, arguments: span)
        return report
    }
}
