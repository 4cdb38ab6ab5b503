import Crypto
import Foundation
import GRDB
import HearthCore

/// A signed-in browser: who it is, and the token its forms must send back.
public struct SignedInSession: Sendable, Equatable {
    public var account: Account
    public var csrfToken: String
    public var expiresAt: Date
    public var lastSeenAt: Date
    /// The pets and people this member may see.
    public var access: SubjectAccess
    /// The person of the household this account is, whose own water, steps, weight and doses
    /// they may record whatever their role.
    public var me: Int64? = nil
}

/// Sessions live in SQLite so a restarted server keeps everyone signed in.
/// The browser holds a random token; the table holds only its SHA-256 digest.
public struct SessionRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// A fresh random token (256 bits), URL- and cookie-safe.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Stores a new session for `accountID` and returns its token and CSRF token.
    public func create(
        accountID: Int64, lifetime: TimeInterval, replacing oldToken: String? = nil, now: Date = Date()
    ) async throws -> (token: String, csrfToken: String) {
        let token = Self.newToken()
        let csrfToken = Self.newToken()
        try await database.write { db in
            // Renewing the id at sign-in: whatever session the browser had before is gone.
            if let oldToken {
                try db.execute(sql: "DELETE FROM session WHERE id_digest = ?", arguments: [SHA256.hex(oldToken.utf8)])
            }
            try db.execute(
                sql: """
                    INSERT INTO session (id_digest, account_id, csrf_token, created_at, last_seen_at, expires_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [SHA256.hex(token.utf8), accountID, csrfToken, now, now, now.addingTimeInterval(lifetime)])
        }
        return (token, csrfToken)
    }

    /// The live session for `token`, or nil when it is unknown, expired or its account disabled.
    public func find(token: String, now: Date = Date()) async throws -> SignedInSession? {
        try database.read { db in
            // Every request asks this: one statement, prepared once and cached.
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT \(Account.signedInColumns), s.csrf_token, s.expires_at, s.last_seen_at
                            FROM session s JOIN account a ON a.id = s.account_id
                            WHERE s.id_digest = ? AND s.expires_at > ? AND a.disabled_at IS NULL
                            """),
                    arguments: [SHA256.hex(token.utf8), now])
            else { return nil }
            let (account, access, me) = try Account.signedIn(row, from: 0, db)
            let next = Account.signedInColumnCount
            return SignedInSession(
                account: account, csrfToken: row[next], expiresAt: row[next + 1], lastSeenAt: row[next + 2], access: access, me: me)
        }
    }

    /// Slides the expiry forward for a session in use.
    public func touch(token: String, lifetime: TimeInterval, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE session SET last_seen_at = ?, expires_at = ? WHERE id_digest = ?",
                arguments: [now, now.addingTimeInterval(lifetime), SHA256.hex(token.utf8)])
        }
    }

    public func delete(token: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE id_digest = ?", arguments: [SHA256.hex(token.utf8)])
        }
    }

    public func count(accountID: Int64) async throws -> Int {
        try database.read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM session WHERE account_id = ?"), arguments: [accountID]) ?? 0
        }
    }

    public func purgeExpired(now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE expires_at <= ?", arguments: [now])
        }
    }

    static func deleteAll(accountID: Int64, except token: String?, _ db: Database) throws {
        try db.execute(
            sql: "DELETE FROM session WHERE account_id = ? AND id_digest IS NOT ?",
            arguments: [accountID, token.map { SHA256.hex($0.utf8) }])
    }
}
