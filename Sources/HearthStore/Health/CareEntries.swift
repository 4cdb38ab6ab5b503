import Foundation
import GRDB
import HearthCore

/// The detail tables of the care records (vaccination, preventive, vet visit): written with
/// their entry, and read for a page's records in one query per kind. They are not joined into
/// the timeline's big query: most records are not care records, and three more joins there
/// would cost every page.
enum CareEntries {
    static let tables = ["vaccination_entry", "vaccine_given", "preventive_entry", "vet_visit_entry"]

    static func write(entryID id: Int64, _ details: RecordDetails, _ db: Database) throws {
        switch details {
        case .vaccination(let visit):
            let clinic = try resolve(visit.clinic, db)
            try db.execute(
                sql: "INSERT INTO vaccination_entry (entry_id, clinic_id, clinic_name, vet) VALUES (?, ?, ?, ?)",
                arguments: [id, clinic?.id, clinic?.name, visit.vet])
            for (position, vaccine) in visit.vaccines.enumerated() {
                try db.execute(
                    sql: "INSERT INTO vaccine_given (entry_id, position, code, name, batch, next_due) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [id, position, vaccine.code, vaccine.name, vaccine.batch, vaccine.nextDue?.description])
            }
        case .preventive(let given):
            try db.execute(
                sql: "INSERT INTO preventive_entry (entry_id, kind, product, cycle, next_due) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, given.kind.rawValue, given.product, given.cycle.code, given.nextDue?.description])
        case .vetVisit(let visit):
            let clinic = try resolve(visit.clinic, db)
            let currency = try String.fetchOne(db, sql: "SELECT currency FROM household WHERE id = 1")
            try db.execute(
                sql: """
                    INSERT INTO vet_visit_entry (entry_id, clinic_id, clinic_name, reason, diagnosis, treatment, medicines, cost, currency, follow_up)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, clinic?.id, clinic?.name, visit.reason, visit.diagnosis, visit.treatment, visit.medicines, visit.cost,
                    visit.cost == nil ? nil : currency, visit.followUp?.description,
                ])
        default:
            break
        }
    }

    /// A clinic picked from the directory gets its current name; one that is gone is refused.
    private static func resolve(_ choice: ClinicChoice?, _ db: Database) throws -> ClinicChoice? {
        guard let choice, let id = choice.id else { return choice }
        guard let name = try String.fetchOne(db, sql: "SELECT name FROM clinic WHERE id = ?", arguments: [id]) else { throw StoreError.clinicNotFound }
        return ClinicChoice(id: id, name: name)
    }

    /// The details of the care records among `ids`, by entry.
    static func load(_ ids: [EntryKind: [Int64]], _ db: Database) throws -> [Int64: RecordDetails] {
        var details: [Int64: RecordDetails] = [:]
        func list(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: ",") }
        if let vaccinations = ids[.vaccination], !vaccinations.isEmpty {
            var given: [Int64: [VaccineGiven]] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT entry_id, code, name, batch, next_due FROM vaccine_given WHERE entry_id IN (\(list(vaccinations))) ORDER BY entry_id, position"
            ) {
                given[row[0], default: []].append(VaccineGiven(code: row[1], name: row[2], batch: row[3], nextDue: (row[4] as String?).flatMap(LocalDate.init)))
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT entry_id, clinic_id, clinic_name, vet FROM vaccination_entry WHERE entry_id IN (\(list(vaccinations)))")
            {
                let id: Int64 = row[0]
                details[id] = .vaccination(VaccinationVisit(vaccines: given[id] ?? [], clinic: clinic(row[1], row[2]), vet: row[3]))
            }
        }
        if let preventives = ids[.preventive], !preventives.isEmpty {
            for row in try Row.fetchAll(
                db, sql: "SELECT entry_id, kind, product, cycle, next_due FROM preventive_entry WHERE entry_id IN (\(list(preventives)))")
            {
                details[row[0]] = .preventive(
                    PreventiveGiven(
                        kind: PreventiveKind(rawValue: row[1]) ?? .other, product: row[2], cycle: PreventiveCycle(code: row[3]) ?? .months(1),
                        nextDue: (row[4] as String?).flatMap(LocalDate.init)))
            }
        }
        if let visits = ids[.vetVisit], !visits.isEmpty {
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT entry_id, clinic_id, clinic_name, reason, diagnosis, treatment, medicines, cost, follow_up, currency
                    FROM vet_visit_entry WHERE entry_id IN (\(list(visits)))
                    """)
            {
                var visit = VetVisit(
                    clinic: clinic(row[1], row[2]), reason: row[3], diagnosis: row[4], treatment: row[5], medicines: row[6], cost: row[7],
                    followUp: (row[8] as String?).flatMap(LocalDate.init))
                visit.currency = row[9]
                details[row[0]] = .vetVisit(visit)
            }
        }
        return details
    }

    private static func clinic(_ id: Int64?, _ name: String?) -> ClinicChoice? {
        name.map { ClinicChoice(id: id, name: $0) }
    }
}
