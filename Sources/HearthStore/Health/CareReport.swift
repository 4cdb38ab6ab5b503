import Foundation
import GRDB
import HearthCore

/// What a report says of a pet's care: the vaccinations and vet visits of the span, and what
/// is due (anything overdue, and what falls within 60 days of the span's end).
public struct CareReport: Sendable {
    public struct Vaccination: Sendable {
        /// A vaccine given: the schedule's code (for its name in the member's language) and the name as recorded.
        public struct Vaccine: Sendable {
            public let code: String?
            public let name: String
        }
        public let day: LocalDate
        public let vaccines: [Vaccine]
        public let clinic: String?
    }
    public struct Visit: Sendable {
        public let day: LocalDate
        public let clinic: String?
        public let reason: String?
        public let diagnosis: String?
        public let treatment: String?
        public let cost: Double?
        public let currency: String?
    }

    public var vaccinations: [Vaccination] = []
    public var visits: [Visit] = []
    public var due: [CareDue] = []

    public static func read(_ report: SubjectReport, in snapshot: Snapshot) throws -> CareReport {
        let (db, live, span) = (snapshot.db, report.live, report.span)
        var care = CareReport()
        // One row per vaccine given (a name may hold commas: "DAPP (distemper, adenovirus, …)").
        var vaccinations: [(id: Int64, day: LocalDate, clinic: String?, vaccines: [Vaccination.Vaccine])] = []
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.id, e.local_date, x.clinic_name, g.code, g.name FROM entry e JOIN vaccination_entry x ON x.entry_id = e.id
                    LEFT JOIN vaccine_given g ON g.entry_id = e.id WHERE \(live) ORDER BY e.occurred_at, e.id, g.position
                    """), arguments: span)
        {
            guard let day = LocalDate(row[1] as String) else { continue }
            if vaccinations.last?.id != row[0] { vaccinations.append((row[0], day, row[2], [])) }
            if let name: String = row[4] { vaccinations[vaccinations.count - 1].vaccines.append(.init(code: row[3], name: name)) }
        }
        care.vaccinations = vaccinations.map { Vaccination(day: $0.day, vaccines: $0.vaccines, clinic: $0.clinic) }
        care.visits = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.local_date, coalesce(c.name, x.clinic_name), x.reason, x.diagnosis, x.treatment, x.cost, x.currency
                    FROM entry e JOIN vet_visit_entry x ON x.entry_id = e.id LEFT JOIN clinic c ON c.id = x.clinic_id WHERE \(live) ORDER BY e.occurred_at
                    """), arguments: span
        ).compactMap { row in
            LocalDate(row[0] as String).map {
                Visit(day: $0, clinic: row[1], reason: row[2], diagnosis: row[3], treatment: row[4], cost: row[5], currency: row[6])
            }
        }
        let today = report.today
        care.due = try CareRepository.due(access: .only([report.subject.id]), today: today, db).filter {
            $0.date <= max(report.to, today).adding(days: 60)
        }
        return care
    }
}
