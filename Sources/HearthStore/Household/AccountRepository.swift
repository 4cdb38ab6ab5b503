import Foundation
import GRDB
import HearthCore

/// The household's accounts. Every change keeps at least one active owner, and a changed
/// password or a disabled account ends that account's sessions in the same transaction.
public struct AccountRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func create(_ member: NewMember, passwordHash: String, now: Date = Date()) async throws -> Account {
        try await database.write { db in try Self.insert(member, passwordHash: passwordHash, now: now, db) }
    }

    static func insert(_ member: NewMember, passwordHash: String, now: Date, _ db: Database) throws -> Account {
        if try Account.filter(Column("username") == member.username).fetchCount(db) > 0 {
            throw StoreError.usernameTaken
        }
        var account = Account(
            id: nil, username: member.username, displayName: member.displayName, passwordHash: passwordHash,
            role: member.role, language: member.language, disabledAt: nil, createdAt: now, updatedAt: now)
        do {
            try account.insert(db)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StoreError.usernameTaken
        }
        return account
    }

    public func account(id: Int64) async throws -> Account? {
        try database.read { db in try Account.fetchOne(db, key: id) }
    }

    public func account(username: String) async throws -> Account? {
        let username = Credentials.normalizedUsername(username)
        return try database.read { db in
            try Account.filter(Column("username") == username).fetchOne(db)
        }
    }

    /// Everyone, owners first, then by name.
    public func all() async throws -> [Account] {
        try database.read { db in
            try Account.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM account
                        ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'adult' THEN 1 ELSE 2 END, display_name COLLATE NOCASE
                        """))
        }
    }

    public func setRole(_ role: Role, accountID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            var account = try Self.existing(accountID, db)
            account.role = role
            account.updatedAt = now
            try account.update(db)
            try Self.requireActiveOwner(db)
        }
    }

    /// Sets a new password and signs the account out everywhere, except `keepingSession`
    /// (the member who changed their own password stays signed in where they did it). A
    /// `reset` — by the owner, or `hearth user passwd` — ends every credential someone who
    /// knew the old password may have made or copied: the calendar feed and the API tokens.
    public func setPasswordHash(
        _ hash: String, accountID: Int64, keepingSession sessionToken: String? = nil, reset: Bool = true, now: Date = Date()
    )
        async throws
    {
        try await database.write { db in
            var account = try Self.existing(accountID, db)
            account.passwordHash = hash
            account.updatedAt = now
            try account.update(db)
            try SessionRepository.deleteAll(accountID: accountID, except: sessionToken, db)
            if reset {
                try Self.revokeFeed(accountID, db)
                try APITokenRepository.revokeAll(accountID: accountID, now: now, db)
            }
        }
    }

    static func revokeFeed(_ accountID: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE account SET feed_token = NULL WHERE id = ?", arguments: [accountID])
    }

    public func setDisabled(_ disabled: Bool, accountID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            var account = try Self.existing(accountID, db)
            account.disabledAt = disabled ? (account.disabledAt ?? now) : nil
            account.updatedAt = now
            try account.update(db)
            if disabled {
                // Enabling the account again must not bring back what it could do before.
                try SessionRepository.deleteAll(accountID: accountID, except: nil, db)
                try Self.revokeFeed(accountID, db)
                try APITokenRepository.revokeAll(accountID: accountID, now: now, db)
            }
            try Self.requireActiveOwner(db)
        }
    }

    public func setPreferences(displayName: String, language: Language?, accountID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            var account = try Self.existing(accountID, db)
            account.displayName = displayName
            account.language = language
            account.updatedAt = now
            try account.update(db)
        }
    }

    /// Which subjects the account may see: everyone, or (when the owner limited it) the chosen
    /// ones and the person who is the account.
    public func access(accountID: Int64) async throws -> SubjectAccess {
        try database.read { db in
            guard let account = try Self.existing(accountID, db) as Account?,
                let limited = try Bool.fetchOne(db.cachedStatement(sql: "SELECT limited FROM account WHERE id = ?"), arguments: [accountID])
            else { throw StoreError.accountNotFound }
            return try Self.access(limited: limited, role: account.role, accountID: accountID, db)
        }
    }

    /// Limits an account to chosen pets and people, or lifts the limit. Owners see everything
    /// whatever is stored: the limit is for the others.
    public func setAccess(_ access: SubjectAccess, accountID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            _ = try Self.existing(accountID, db)
            try db.execute(sql: "DELETE FROM account_subject WHERE account_id = ?", arguments: [accountID])
            if case .only(let ids) = access {
                for id in ids {
                    try db.execute(
                        sql: "INSERT INTO account_subject (account_id, subject_id) SELECT ?, id FROM subject WHERE id = ?", arguments: [accountID, id])
                }
            }
            try db.execute(sql: "UPDATE account SET limited = ?, updated_at = ? WHERE id = ?", arguments: [access.isLimited, now, accountID])
        }
    }

    static func access(limited: Bool, role: Role, accountID: Int64, _ db: Database) throws -> SubjectAccess {
        guard limited, role != .owner else { return .everyone }
        // The chosen ones, and whoever they may see, the person who is this account.
        let ids = try Int64.fetchAll(
            db.cachedStatement(
                sql: "SELECT subject_id FROM account_subject WHERE account_id = ? UNION SELECT id FROM subject WHERE account_id = ? AND kind = 'person'"),
            arguments: [accountID, accountID])
        return .only(Set(ids))
    }

    private static func existing(_ id: Int64, _ db: Database) throws -> Account {
        guard let account = try Account.fetchOne(db, key: id) else { throw StoreError.accountNotFound }
        return account
    }

    /// Throwing here rolls the whole transaction back: nobody locks the household out of itself.
    private static func requireActiveOwner(_ db: Database) throws {
        let owners =
            try Account
            .filter(Column("role") == Role.owner.rawValue && Column("disabled_at") == nil)
            .fetchCount(db)
        if owners == 0 { throw StoreError.lastOwner }
    }
}
