import Foundation
import GRDB

/// One backup the server made or tried.
public struct BackupRun: Sendable, Equatable {
    public enum Trigger: String, Sendable { case nightly, now }
    public let id: Int64
    public let startedAt: Date
    public let finishedAt: Date?
    public let trigger: Trigger
    public let fileName: String?
    public let bytes: Int?
    public let error: String?

    public var isRunning: Bool { finishedAt == nil }
}

/// Where backups go and what became of them.
public struct BackupRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// The folder set in settings (a USB disk, say), else `<data>/backups`.
    public func folder(dataDirectory: String) throws -> String {
        let chosen = try database.read { db in try String.fetchOne(db.cachedStatement(sql: "SELECT backup_folder FROM household")) }
        return chosen ?? (dataDirectory as NSString).appendingPathComponent(Backup.folderName)
    }

    public func setFolder(_ folder: String?) async throws {
        try await database.write { db in try db.execute(sql: "UPDATE household SET backup_folder = ?", arguments: [folder]) }
    }

    /// Records a start; nil when one is already running (two clicks, or the night's and a click).
    public func start(_ trigger: BackupRun.Trigger, at now: Date) async throws -> Int64? {
        try await database.write { db in
            // A run left unfinished by a crash is closed as failed, not waited for for ever.
            try db.execute(
                sql: "UPDATE backup_run SET finished_at = ?, error = 'The server stopped during the backup.' WHERE finished_at IS NULL AND started_at < ?",
                arguments: [now, now.addingTimeInterval(-6 * 3600)])
            guard try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM backup_run WHERE finished_at IS NULL")) == 0 else { return nil }
            try db.execute(sql: "INSERT INTO backup_run (started_at, trigger) VALUES (?, ?)", arguments: [now, trigger.rawValue])
            return db.lastInsertedRowID
        }
    }

    public func finish(_ id: Int64, at now: Date, fileName: String, bytes: Int) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE backup_run SET finished_at = ?, file_name = ?, byte_count = ? WHERE id = ?", arguments: [now, fileName, bytes, id])
        }
    }

    public func fail(_ id: Int64, at now: Date, error: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE backup_run SET finished_at = ?, error = ? WHERE id = ?", arguments: [now, error, id])
        }
    }

    /// Runs still open when the server starts were cut off by a crash or a stop.
    public func closeInterrupted(at now: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE backup_run SET finished_at = ?, error = 'The server stopped during the backup.' WHERE finished_at IS NULL", arguments: [now])
        }
    }

    public func recent(limit: Int = 10) throws -> [BackupRun] {
        try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM backup_run ORDER BY started_at DESC, id DESC LIMIT ?"), arguments: [limit]).map { row in
                BackupRun(
                    id: row["id"], startedAt: row["started_at"], finishedAt: row["finished_at"], trigger: BackupRun.Trigger(rawValue: row["trigger"]) ?? .now,
                    fileName: row["file_name"], bytes: row["byte_count"], error: row["error"])
            }
        }
    }

    /// When the last nightly backup was started, finished or not.
    public func lastNightlyStart() throws -> Date? {
        try database.read { db in try Date.fetchOne(db.cachedStatement(sql: "SELECT max(started_at) FROM backup_run WHERE trigger = 'nightly'")) }
    }
}
