import Foundation
import GRDB
import HearthCore

/// The detail tables of the care records (vaccination, preventive, vet visit).
enum VaccinationTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .vaccination(let visit) = details else { return }
        let clinic = try ClinicChoice.resolve(visit.clinic, db)
        try db.execute(
            sql: "INSERT INTO vaccination_entry (entry_id, clinic_id, clinic_name, vet) VALUES (?, ?, ?, ?)",
            arguments: [id, clinic?.id, clinic?.name, visit.vet])
        for (position, vaccine) in visit.vaccines.enumerated() {
            try db.execute(
                sql: "INSERT INTO vaccine_given (entry_id, position, code, name, batch, next_due) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [id, position, vaccine.code, vaccine.name, vaccine.batch, vaccine.nextDue?.description])
        }
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var given: [Int64: [VaccineGiven]] = [:]
        let vaccines = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, code, name, batch, next_due FROM vaccine_given WHERE \(IDList.condition) ORDER BY entry_id, position"),
            arguments: ids.argument)
        while let row = try vaccines.next() {
            given[row[0], default: []].append(VaccineGiven(code: row[1], name: row[2], batch: row[3], nextDue: (row[4] as String?).flatMap(LocalDate.init)))
        }
        var found: [Int64: ReadDetails] = [:]
        let visits = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, clinic_id, clinic_name, vet FROM vaccination_entry WHERE \(IDList.condition)"), arguments: ids.argument)
        while let row = try visits.next() {
            let id: Int64 = row[0]
            found[id] = ReadDetails(details: .vaccination(VaccinationVisit(vaccines: given[id] ?? [], clinic: .stored(row[1], row[2]), vet: row[3])))
        }
        return found
    }
}

enum PreventiveTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .preventive(let given) = details else { return }
        try db.execute(
            sql: "INSERT INTO preventive_entry (entry_id, kind, product, cycle, next_due) VALUES (?, ?, ?, ?, ?)",
            arguments: [id, given.kind.rawValue, given.product, given.cycle.code, given.nextDue?.description])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, kind, product, cycle, next_due FROM preventive_entry WHERE \(IDList.condition)"),
            arguments: ids.argument)
        while let row = try rows.next() {
            found[row[0]] = ReadDetails(
                details: .preventive(
                    PreventiveGiven(
                        kind: PreventiveKind(rawValue: row[1]) ?? .other, product: row[2], cycle: PreventiveCycle(code: row[3]) ?? .months(1),
                        nextDue: (row[4] as String?).flatMap(LocalDate.init))))
        }
        return found
    }
}

enum VetVisitTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .vetVisit(let visit) = details else { return }
        let clinic = try ClinicChoice.resolve(visit.clinic, db)
        let currency = try String.fetchOne(db.cachedStatement(sql: "SELECT currency FROM household WHERE id = 1"))
        try db.execute(
            sql: """
                INSERT INTO vet_visit_entry (entry_id, clinic_id, clinic_name, reason, diagnosis, treatment, medicines, cost, currency, follow_up)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, clinic?.id, clinic?.name, visit.reason, visit.diagnosis, visit.treatment, visit.medicines, visit.cost,
                visit.cost == nil ? nil : currency, visit.followUp?.description,
            ])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT entry_id, clinic_id, clinic_name, reason, diagnosis, treatment, medicines, cost, follow_up, currency
                    FROM vet_visit_entry WHERE \(IDList.condition)
                    """), arguments: ids.argument)
        while let row = try rows.next() {
            var visit = VetVisit(
                clinic: .stored(row[1], row[2]), reason: row[3], diagnosis: row[4], treatment: row[5], medicines: row[6], cost: row[7],
                followUp: (row[8] as String?).flatMap(LocalDate.init))
            visit.currency = row[9]
            found[row[0]] = ReadDetails(details: .vetVisit(visit))
        }
        return found
    }
}

extension ClinicChoice {
    /// A clinic picked from the directory gets its current name; one that is gone is refused.
    fileprivate static func resolve(_ choice: ClinicChoice?, _ db: Database) throws -> ClinicChoice? {
        guard let choice, let id = choice.id else { return choice }
        guard let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM clinic WHERE id = ?"), arguments: [id]) else {
            throw StoreError.clinicNotFound
        }
        return ClinicChoice(id: id, name: name)
    }

    /// The clinic as a record keeps it: its name then, and the directory's id if it had one.
    fileprivate static func stored(_ id: Int64?, _ name: String?) -> ClinicChoice? {
        name.map { ClinicChoice(id: id, name: $0) }
    }
}
