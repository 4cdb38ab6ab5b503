import Foundation
import GRDB

/// Requests sent with an idempotency key, and the first answer each got: a repeat of the
/// same key by the same member is answered from here and writes nothing (see
/// `IdempotencyMiddleware`). Kept a week, long enough for any phone's outbox, and at most
/// `keptPerMember` a member, each with a body of at most `largestKeptBody` bytes: at most
/// 200 × 64 KB = 12.5 MB a member, whatever they send (an answer is most often a redirect
/// of no body, about 150 bytes a row).
public struct SentRequestRepository: Sendable {
    let database: AppDatabase
    public static let keptFor: TimeInterval = 7 * 24 * 3600
    /// A first request still unanswered after this long died with its server: it may be tried
    /// again. Long enough for twenty photos over poor Wi-Fi (a body may pause a minute at a time).
    public static let abandonedAfter: TimeInterval = 15 * 60
    /// The newest answers kept for each member; an outbox holds far fewer.
    public static let keptPerMember = 200
    /// A larger answer is kept without its body.
    public static let largestKeptBody = 64 * 1024

    public init(_ database: AppDatabase) { self.database = database }

    public struct Answer: Sendable, Equatable {
        public let status: Int
        public let location: String?
        public let contentType: String?
        public let body: [UInt8]

        public init(status: Int, location: String?, contentType: String?, body: [UInt8]) {
            (self.status, self.location, self.contentType, self.body) = (status, location, contentType, body)
        }
    }

    public enum Claim: Sendable, Equatable {
        /// The first time: handle it, then `finish`.
        case first
        /// Answered before: send this again.
        case answered(Answer)
        /// The first is being handled right now.
        case inProgress
        /// The key was used for another request (another path, method or body).
        case otherRequest
    }

    /// - Parameter fingerprint: the body's SHA-256 where it was read whole (nil for a body of files).
    public func claim(accountID: Int64, key: String, method: String, path: String, fingerprint: String? = nil, now: Date = Date()) async throws -> Claim {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM sent_request WHERE created_at < ?", arguments: [now.addingTimeInterval(-Self.keptFor)])
            try db.execute(
                sql: "DELETE FROM sent_request WHERE account_id = ? AND key = ? AND status IS NULL AND created_at < ?",
                arguments: [accountID, key, now.addingTimeInterval(-Self.abandonedAfter)])
            if let row = try Row.fetchOne(
                db, sql: "SELECT method, path, fingerprint, status, location, content_type, body FROM sent_request WHERE account_id = ? AND key = ?",
                arguments: [accountID, key])
            {
                guard row["method"] as String == method, row["path"] as String == path, row["fingerprint"] as String? == fingerprint else {
                    return .otherRequest
                }
                guard let status = row["status"] as Int? else { return .inProgress }
                return .answered(
                    Answer(status: status, location: row["location"], contentType: row["content_type"], body: Array((row["body"] as Data?) ?? Data())))
            }
            try db.execute(
                sql: "INSERT INTO sent_request (account_id, key, method, path, fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [accountID, key, method, path, fingerprint, now])
            return .first
        }
    }

    public func finish(accountID: Int64, key: String, answer: Answer) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE sent_request SET status = ?, location = ?, content_type = ?, body = ? WHERE account_id = ? AND key = ?",
                arguments: [
                    answer.status, answer.location, answer.contentType, answer.body.count <= Self.largestKeptBody ? Data(answer.body) : nil, accountID, key,
                ])
            // The member's oldest answers past the newest `keptPerMember`.
            try db.execute(
                sql: """
                    DELETE FROM sent_request WHERE account_id = ? AND status IS NOT NULL AND key NOT IN (
                        SELECT key FROM sent_request WHERE account_id = ? AND status IS NOT NULL ORDER BY created_at DESC LIMIT ?)
                    """, arguments: [accountID, accountID, Self.keptPerMember])
        }
    }

    /// Keys left unanswered by a server that stopped mid-request (killed, the power cut): a
    /// repeat is tried at once rather than refused as still in progress for a quarter of an
    /// hour while the outbox gives up on it. Its transaction most likely never committed; where
    /// it had, the record is written twice — a copy to delete, where otherwise it was lost.
    public func forgetUnanswered() async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM sent_request WHERE status IS NULL") }
    }

    /// The first request failed before it wrote anything: a repeat may try again.
    public func forget(accountID: Int64, key: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM sent_request WHERE account_id = ? AND key = ? AND status IS NULL", arguments: [accountID, key])
        }
    }
}
