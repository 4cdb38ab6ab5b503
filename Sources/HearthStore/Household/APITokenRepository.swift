import Crypto
import Foundation
import GRDB
import HearthCore

/// What an API token may do: read, or read and record; `admin` (the owner's to give) acts
/// with the owner's role. A token never does more than its member may.
public enum TokenScope: String, Sendable, CaseIterable {
    case read, record, admin
}

/// A token as its member's page lists it (never the token itself: only its digest is kept).
public struct APIToken: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let accountID: Int64
    public let name: String
    public let scope: TokenScope
    public let createdAt: Date
    public let lastUsedAt: Date?
    public let revokedAt: Date?
}

/// Who a token acts as, found for a request: the member (as a session would find them,
/// their role and limited subjects as they are now) and the token's scope.
public struct TokenHolder: Sendable, Equatable {
    public let tokenID: Int64
    public let scope: TokenScope
    public let session: SignedInSession
    public let lastUsedAt: Date?
}

/// API tokens: made shown once, kept as a SHA-256 digest, revocable.
public struct APITokenRepository: Sendable {
    let database: AppDatabase
    /// How stale the kept "last used" may be: a token polled every 30 s by Home Assistant must
    /// not be a write (and a new database generation, emptying every kept page) each time.
    public static let lastUseResolution: TimeInterval = 10 * 60
    public static let prefix = "hearth_"

    public init(_ database: AppDatabase) { self.database = database }

    /// Makes a token for `accountID` and returns it: the only time it is ever seen.
    public func create(accountID: Int64, name: String, scope: TokenScope, now: Date = Date()) async throws -> (id: Int64, token: String) {
        let token = Self.prefix + SessionRepository.newToken()
        let id = try await database.write { db in
            try Bounds.check(
                db, most: Bounds.liveTokensPerMember, "SELECT count(*) FROM api_token WHERE account_id = ? AND revoked_at IS NULL", [accountID])
            // A revoked token is kept a while to show on /me; the oldest go.
            try db.execute(
                sql: """
                    DELETE FROM api_token WHERE account_id = ?1 AND revoked_at IS NOT NULL AND id NOT IN (
                        SELECT id FROM api_token WHERE account_id = ?1 AND revoked_at IS NOT NULL ORDER BY revoked_at DESC, id DESC LIMIT ?2)
                    """, arguments: [accountID, Bounds.revokedTokensKept])
            try db.execute(
                sql: "INSERT INTO api_token (account_id, name, scope, digest, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [accountID, name, scope.rawValue, SHA256.hex(token.utf8), now])
            return db.lastInsertedRowID
        }
        return (id, token)
    }

    /// The member's tokens, newest first, revoked ones after the live ones.
    public func tokens(accountID: Int64) throws -> [APIToken] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, account_id, name, scope, created_at, last_used_at, revoked_at FROM api_token
                        WHERE account_id = ? ORDER BY revoked_at IS NOT NULL, id DESC
                        """), arguments: [accountID]
            ).map(Self.token)
        }
    }

    /// Revokes one of the member's own tokens; false when it is not theirs (or not there).
    public func revoke(id: Int64, accountID: Int64, now: Date = Date()) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE api_token SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL", arguments: [now, id, accountID])
            return db.changesCount > 0
        }
    }

    /// Whether `token` is one Hearth made, live or ended: an ended one sent again is no guess.
    public func knows(token: String) throws -> Bool {
        guard token.hasPrefix(Self.prefix) else { return false }
        return try database.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM api_token WHERE digest = ?"), arguments: [SHA256.hex(token.utf8)]) ?? false
        }
    }

    /// Every live token of the account, ended (a password reset, a disabled account).
    static func revokeAll(accountID: Int64, now: Date, _ db: Database) throws {
        try db.execute(sql: "UPDATE api_token SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL", arguments: [now, accountID])
    }

    /// Who `token` acts as, or nil when it is unknown, revoked or its account disabled.
    public func holder(token: String) throws -> TokenHolder? {
        guard token.hasPrefix(Self.prefix) else { return nil }
        return try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT t.id, t.scope, t.last_used_at, \(Account.signedInColumns)
                            FROM api_token t JOIN account a ON a.id = t.account_id
                            WHERE t.digest = ? AND t.revoked_at IS NULL AND a.disabled_at IS NULL
                            """), arguments: [SHA256.hex(token.utf8)])
            else { return nil }
            let (account, access, me) = try Account.signedIn(row, from: 3, db)
            let session = SignedInSession(
                account: account, csrfToken: "", expiresAt: .distantFuture, lastSeenAt: .distantPast, access: access, me: me)
            return TokenHolder(tokenID: row[0], scope: TokenScope(rawValue: row[1]) ?? .read, session: session, lastUsedAt: row[2])
        }
    }

    /// Notes a use, at most once per `lastUseResolution`.
    public func noteUse(_ holder: TokenHolder, now: Date = Date()) async throws {
        if let last = holder.lastUsedAt, now.timeIntervalSince(last) < Self.lastUseResolution { return }
        try await database.write { db in
            try db.execute(sql: "UPDATE api_token SET last_used_at = ? WHERE id = ?", arguments: [now, holder.tokenID])
        }
    }

    private static func token(_ row: Row) -> APIToken {
        APIToken(
            id: row[0], accountID: row[1], name: row[2], scope: TokenScope(rawValue: row[3]) ?? .read, createdAt: row[4], lastUsedAt: row[5],
            revokedAt: row[6])
    }
}
