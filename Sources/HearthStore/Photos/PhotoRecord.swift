import Foundation
import GRDB
import HearthCore

/// A stored photo: its digest names the original and both derivatives on disk.
public struct PhotoRecord: Sendable, Equatable {
    public var sha256: String
    public var format: String
    public var width: Int
    public var height: Int
    public var byteCount: Int
    public var takenAt: String?

    public init(sha256: String, format: String, width: Int, height: Int, byteCount: Int, takenAt: String?) {
        self.sha256 = sha256
        self.format = format
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.takenAt = takenAt
    }

    /// The stored photo with this digest.
    public static func fetch(sha: String, _ db: Database) throws -> PhotoRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT sha256, format, width, height, byte_count, taken_at FROM photo WHERE sha256 = ?"), arguments: [sha])
            .map {
                PhotoRecord(sha256: $0[0], format: $0[1], width: $0[2], height: $0[3], byteCount: $0[4], takenAt: $0[5])
            }
    }

    /// Identical uploads are stored once: a second insert of the same digest is a no-op.
    func insertIfMissing(_ db: Database, now: Date) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO photo (sha256, format, width, height, byte_count, taken_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [sha256, format, width, height, byteCount, takenAt, now])
    }
}

/// Which photos are still needed. Files are deleted only when nothing refers to them:
/// a soft-deleted record still does (its undo brings them back).
public struct PhotoRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Whether a member may see the photo: it is a profile photo of, or in a record of, a
    /// subject they may see. Members who see everyone skip the read.
    public func isVisible(_ sha256: String, access: SubjectAccess) async throws -> Bool {
        guard access.isLimited else { return true }
        return try database.read { db in
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM subject WHERE photo_sha = ? AND \(access.sqlCondition("id")))
                            OR EXISTS (SELECT 1 FROM entry_photo p JOIN entry e ON e.id = p.entry_id
                                       WHERE p.photo_sha = ? AND \(access.sqlCondition("e.subject_id")))
                            OR EXISTS (SELECT 1 FROM medicine WHERE photo_sha = ?)
                            OR EXISTS (SELECT 1 FROM recipe WHERE photo_sha = ?) OR EXISTS (SELECT 1 FROM recipe_step WHERE photo_sha = ?)
                        """), arguments: [sha256, sha256, sha256, sha256, sha256]) ?? false
        }
    }

    /// Forgets the photos among `candidates` that no record and no profile refers to,
    /// and returns their digests so their files can go too.
    public func removeUnreferenced(_ candidates: [String]) async throws -> [String] {
        guard !candidates.isEmpty else { return [] }
        return try await database.write { db in
            var removed: [String] = []
            for sha in Set(candidates) where try !Self.isReferenced(sha, db) {
                try db.execute(sql: "DELETE FROM photo WHERE sha256 = ?", arguments: [sha])
                removed.append(sha)
            }
            return removed
        }
    }

    public func allDigests() async throws -> [String] {
        try database.read { db in try String.fetchAll(db.cachedStatement(sql: "SELECT sha256 FROM photo ORDER BY sha256")) }
    }

    /// Digests in `photo` that nothing refers to (left by an interrupted save).
    public func unreferenced() async throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT sha256 FROM photo
                        WHERE sha256 NOT IN (SELECT photo_sha FROM entry_photo)
                          AND sha256 NOT IN (SELECT photo_sha FROM subject WHERE photo_sha IS NOT NULL)
                          AND sha256 NOT IN (SELECT photo_sha FROM medicine WHERE photo_sha IS NOT NULL)
                          AND sha256 NOT IN (SELECT photo_sha FROM recipe WHERE photo_sha IS NOT NULL)
                          AND sha256 NOT IN (SELECT photo_sha FROM recipe_step WHERE photo_sha IS NOT NULL)
                        """))
        }
    }

    static func isReferenced(_ sha: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT EXISTS (SELECT 1 FROM entry_photo WHERE photo_sha = ?) OR EXISTS (SELECT 1 FROM subject WHERE photo_sha = ?)
                        OR EXISTS (SELECT 1 FROM medicine WHERE photo_sha = ?)
                        OR EXISTS (SELECT 1 FROM recipe WHERE photo_sha = ?) OR EXISTS (SELECT 1 FROM recipe_step WHERE photo_sha = ?)
                    """), arguments: [sha, sha, sha, sha, sha]) ?? false
    }
}
