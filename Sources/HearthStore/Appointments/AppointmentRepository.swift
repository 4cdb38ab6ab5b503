import Foundation
import GRDB
import HearthCore

/// An appointment as stored, with whom and where.
public struct Appointment: Sendable, Equatable, Identifiable {
    public let id: Int64
    /// Whose: nil for the household.
    public let subject: SubjectSummary?
    public let input: AppointmentInput
    /// The clinic's name from the directory, when one was picked (and is still there).
    public let clinicName: String?
    /// The record it turned into, and when it was marked done.
    public let entryID: Int64?
    public let doneAt: Date?

    public var kind: AppointmentKind { input.kind }
    public var isDone: Bool { entryID != nil || doneAt != nil }
    /// "해든동물병원", or the place typed.
    public var placeText: String? { clinicName ?? input.place }
}

/// Appointments. Every read is limited to the household's and those of the subjects the
/// member may see.
public struct AppointmentRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// How long after its time an appointment not marked asks "How did it go?" on home.
    public static let askingDays = 7
    /// How far ahead home shows one.
    public static let aheadDays = 7

    public func appointments(access: SubjectAccess, from: LocalDate? = nil, to: LocalDate? = nil, subjectID: Int64? = nil) throws -> [Appointment] {
        try database.read { db in try Self.appointments(access: access, from: from, to: to, subjectID: subjectID, db) }
    }

    public func appointment(id: Int64, access: SubjectAccess) throws -> Appointment? {
        try database.read { db in try Self.appointments(access: access, ids: [id], db).first }
    }

    /// On a page several areas fill (home, the calendar).
    public static func appointments(access: SubjectAccess, from: LocalDate, to: LocalDate, in snapshot: Snapshot) throws -> [Appointment] {
        try appointments(access: access, from: from, to: to, subjects: { try SubjectRepository.subjects(access: access, in: snapshot) }, snapshot.db)
    }

    static func appointments(
        access: SubjectAccess, from: LocalDate? = nil, to: LocalDate? = nil, subjectID: Int64? = nil, ids: [Int64]? = nil,
        subjects visible: (() throws -> [SubjectSummary])? = nil, _ db: Database
    ) throws -> [Appointment] {
        var conditions = ["p.deleted_at IS NULL"]
        var arguments: [any DatabaseValueConvertible] = []
        if let from {
            conditions.append("p.local_date >= ?")
            arguments.append(from.description)
        }
        if let to {
            conditions.append("p.local_date <= ?")
            arguments.append(to.description)
        }
        if let subjectID {
            conditions.append("p.subject_id = ?")
            arguments.append(subjectID)
        }
        if let ids { conditions.append("p.id IN (\(ids.map(String.init).joined(separator: ",")))") }
        let sql = """
            SELECT p.*, c.name AS clinic_name FROM appointment p LEFT JOIN clinic c ON c.id = p.clinic_id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY p.starts_at, p.id
            """
        // Ids written into the text would fill the statement cache with one-offs.
        let statement = ids == nil ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        let rows = try Row.fetchAll(statement, arguments: StatementArguments(arguments))
        // Most pages' answer is none: the subjects the member may see are read only for some.
        guard !rows.isEmpty else { return [] }
        let subjects = Dictionary(uniqueKeysWithValues: try (visible?() ?? SubjectRepository.subjects(access: access, db)).map { ($0.id, $0) })
        return rows.compactMap { row in
            let subjectID: Int64? = row["subject_id"]
            // A hidden (or archived) subject's appointment is left out.
            if let subjectID, subjects[subjectID] == nil { return nil }
            let input = AppointmentInput(
                subjectID: subjectID, kind: AppointmentKind(rawValue: row["kind"]) ?? .other, date: LocalDate(row["local_date"] as String)!,
                minutes: row["minutes"], startsAt: row["starts_at"], clinicID: row["clinic_id"], place: row["place"], note: row["note"])
            return Appointment(
                id: row["id"], subject: subjectID.flatMap { subjects[$0] }, input: input, clinicName: row["clinic_name"], entryID: row["record_id"],
                doneAt: row["done_at"])
        }
    }

    // MARK: Writing

    public func create(_ input: AppointmentInput, by accountID: Int64?, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO appointment(subject_id, kind, local_date, minutes, starts_at, clinic_id, place, note, created_by, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    input.subjectID, input.kind.rawValue, input.date.description, input.minutes, input.startsAt, input.clinicID, input.place,
                    input.note, accountID, now,
                ])
            return db.lastInsertedRowID
        }
    }

    /// Changes it (moving a missed one to another day is this); what it turned into stays.
    public func update(id: Int64, _ input: AppointmentInput) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE appointment SET subject_id = ?, kind = ?, local_date = ?, minutes = ?, starts_at = ?, clinic_id = ?, place = ?, note = ?
                    WHERE id = ? AND deleted_at IS NULL
                    """,
                arguments: [
                    input.subjectID, input.kind.rawValue, input.date.description, input.minutes, input.startsAt, input.clinicID, input.place,
                    input.note, id,
                ])
            guard db.changesCount == 1 else { throw StoreError.appointmentNotFound }
        }
    }

    public func delete(id: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE appointment SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", arguments: [now, id])
        }
    }

    /// It happened (or is taken back: `done` false).
    public func markDone(id: Int64, done: Bool, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE appointment SET done_at = ? WHERE id = ? AND deleted_at IS NULL", arguments: [done ? now : nil, id])
        }
    }

    /// Links the record "How did it go?" made, and marks it done.
    public func link(id: Int64, entryID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE appointment SET record_id = ?, done_at = coalesce(done_at, ?) WHERE id = ? AND deleted_at IS NULL",
                arguments: [entryID, now, id])
        }
    }
}
