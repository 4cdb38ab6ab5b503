import Foundation
import GRDB
import HearthCore

/// One import from a phone, as its progress page reads it.
public struct ImportJob: Sendable, Equatable, Identifiable {
    public enum State: String, Sendable { case running, done, failed }

    public let id: Int64
    public let subjectID: Int64
    public let source: String
    public let fileName: String
    public let state: State
    public let bytesTotal: Int64
    public let bytesRead: Int64
    public let recordsRead: Int
    public let daysWritten: Int
    /// Why it failed (a message key), when it did.
    public let message: String?
    public let startedAt: Date
    public let finishedAt: Date?

    public var percent: Int { state == .done ? 100 : bytesTotal == 0 ? 0 : Int(min(100, bytesRead * 100 / bytesTotal)) }
}

/// Import jobs and what they write. An import's days are written in one transaction at its
/// end, beside the hand-typed values (which win when both exist), so a failed import leaves
/// nothing and importing the same file again changes nothing.
public struct ImportRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func start(subjectID: Int64, source: String, fileName: String, bytesTotal: Int64, createdBy: Int64?, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO import_job (subject_id, source, file_name, state, bytes_total, created_by, started_at)
                    VALUES (?, ?, ?, 'running', ?, ?, ?)
                    """, arguments: [subjectID, source, fileName, bytesTotal, createdBy, now])
            return db.lastInsertedRowID
        }
    }

    public func progress(jobID: Int64, bytesRead: Int64, recordsRead: Int) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE import_job SET bytes_read = ?, records_read = ? WHERE id = ? AND state = 'running'", arguments: [bytesRead, recordsRead, jobID])
        }
    }

    public func fail(jobID: Int64, message: String, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE import_job SET state = 'failed', message = ?, finished_at = ? WHERE id = ?", arguments: [message, now, jobID])
        }
    }

    /// Writes the days up to `today` (a phone with a wrong clock has days still to come; they
    /// are left out, as a hand value for them would be) and marks the job done, in one
    /// transaction. Returns the days that changed.
    @discardableResult
    public func finish(jobID: Int64, subjectID: Int64, days: [ImportedDay], through today: LocalDate, recordsRead: Int, now: Date = Date()) async throws -> Int
    {
        try await database.write { db in
            let written = try Self.write(days.filter { $0.day <= today }, subjectID: subjectID, now: now, db)
            try db.execute(
                sql: """
                    UPDATE import_job SET state = 'done', bytes_read = bytes_total, records_read = ?, days_written = ?, finished_at = ? WHERE id = ?
                    """, arguments: [recordsRead, written, now, jobID])
            return written
        }
    }

    /// Sets each day's imported figures (those the file has; the others stay). A row whose
    /// figures are already these is not touched: a second import of the same file writes nothing.
    static func write(_ days: [ImportedDay], subjectID: Int64, now: Date, _ db: Database) throws -> Int {
        let upsert = try db.makeStatement(
            sql: """
                INSERT INTO daily_value (subject_id, local_date, imported_steps, imported_water_ml, imported_weight_g, updated_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (subject_id, local_date) DO UPDATE SET
                    imported_steps = coalesce(excluded.imported_steps, imported_steps),
                    imported_water_ml = coalesce(excluded.imported_water_ml, imported_water_ml),
                    imported_weight_g = coalesce(excluded.imported_weight_g, imported_weight_g),
                    updated_at = excluded.updated_at
                WHERE imported_steps IS NOT coalesce(excluded.imported_steps, imported_steps)
                   OR imported_water_ml IS NOT coalesce(excluded.imported_water_ml, imported_water_ml)
                   OR imported_weight_g IS NOT coalesce(excluded.imported_weight_g, imported_weight_g)
                """)
        var written = 0
        for day in days {
            try upsert.execute(arguments: [subjectID, day.day.description, day.steps, day.waterML, day.weightGrams, now])
            written += db.changesCount
        }
        return written
    }

    public func job(id: Int64, access: SubjectAccess) async throws -> ImportJob? {
        try database.read { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM import_job WHERE id = ?"), arguments: [id]),
                access.allows(row["subject_id"])
            else { return nil }
            return ImportJob(
                id: row["id"], subjectID: row["subject_id"], source: row["source"], fileName: row["file_name"],
                state: ImportJob.State(rawValue: row["state"]) ?? .failed, bytesTotal: row["bytes_total"], bytesRead: row["bytes_read"],
                recordsRead: row["records_read"], daysWritten: row["days_written"], message: row["message"],
                startedAt: row["started_at"], finishedAt: row["finished_at"])
        }
    }

    /// Jobs left running by a server that stopped: they will not finish, and say so.
    public func failAbandoned(now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE import_job SET state = 'failed', message = 'imports.problem.interrupted', finished_at = ? WHERE state = 'running'",
                arguments: [now])
        }
    }
}
