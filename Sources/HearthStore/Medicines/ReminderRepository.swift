import Foundation
import GRDB
import HearthCore

/// Where the household's reminders go: an ntfy topic URL and/or a webhook, and how long after
/// a dose's time to remind again if nobody marked it.
public struct ReminderTargets: Sendable, Equatable {
    public var ntfyURL: String?
    public var webhookURL: String?
    public var againMinutes: Int

    public init(ntfyURL: String?, webhookURL: String?, againMinutes: Int) {
        self.ntfyURL = ntfyURL
        self.webhookURL = webhookURL
        self.againMinutes = againMinutes
    }
}

/// A member who gets reminders: whom they may see, and their own ntfy topic if they set one.
public struct ReminderRecipient: Sendable {
    public let accountID: Int64
    public let name: String
    public let access: SubjectAccess
    public let ntfyURL: String?
    /// Only the owner may aim reminders at this machine.
    public let isOwner: Bool
}

/// A reminder written down before it is sent: the key that keeps it from going twice.
public struct ReminderMessage: Sendable, Equatable {
    public let accountID: Int64
    public let dueAt: Date
    public let round: Int
    public let message: String
    public let attempts: Int
}

public struct ReminderRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    // MARK: Settings

    public func targets() throws -> ReminderTargets {
        try database.read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT ntfy_url, webhook_url, remind_again_minutes FROM household WHERE id = 1"))
            return ReminderTargets(ntfyURL: row?["ntfy_url"], webhookURL: row?["webhook_url"], againMinutes: row?["remind_again_minutes"] ?? 30)
        }
    }

    public func setTargets(_ targets: ReminderTargets) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE household SET ntfy_url = ?, webhook_url = ?, remind_again_minutes = ? WHERE id = 1",
                arguments: [targets.ntfyURL, targets.webhookURL, targets.againMinutes])
        }
    }

    public func memberSettings(accountID: Int64) throws -> (reminders: Bool, ntfyURL: String?) {
        try database.read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT reminders, ntfy_url FROM account WHERE id = ?"), arguments: [accountID])
            return (row?["reminders"] ?? true, row?["ntfy_url"])
        }
    }

    public func setMemberSettings(accountID: Int64, reminders: Bool, ntfyURL: String?) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET reminders = ?, ntfy_url = ? WHERE id = ?", arguments: [reminders, ntfyURL, accountID])
        }
    }

    /// Members with reminders on (viewers too: they may want to know), not disabled.
    public func recipients() throws -> [ReminderRecipient] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT id, display_name, role, limited, ntfy_url FROM account WHERE disabled_at IS NULL AND reminders ORDER BY id")
            ).map {
                row in
                ReminderRecipient(
                    accountID: row["id"], name: row["display_name"],
                    access: try AccountRepository.access(limited: row["limited"], role: Role(rawValue: row["role"]) ?? .viewer, accountID: row["id"], db),
                    ntfyURL: row["ntfy_url"], isOwner: row["role"] == Role.owner.rawValue)
            }
        }
    }

    // MARK: Sent reminders

    /// Writes a reminder down before it is sent. False when it already was (this round, for
    /// this member and this time): then it is never sent again, restart or not.
    public func claim(accountID: Int64, dueAt: Date, round: Int, message: String, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder(account_id, due_at, round, message, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """, arguments: [accountID, dueAt, round, message, now, now])
            return db.changesCount == 1
        }
    }

    /// Reminders written down and not delivered, whose next try has come.
    public func pending(now: Date, maximumAttempts: Int) throws -> [ReminderMessage] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM reminder WHERE delivered_at IS NULL AND attempts < ? AND next_attempt_at <= ? ORDER BY due_at, account_id, round
                        """), arguments: [maximumAttempts, now]
            ).map { row in
                ReminderMessage(accountID: row["account_id"], dueAt: row["due_at"], round: row["round"], message: row["message"], attempts: row["attempts"])
            }
        }
    }

    public func delivered(_ reminder: ReminderMessage, now: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE reminder SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE account_id = ? AND due_at = ? AND round = ?",
                arguments: [now, reminder.accountID, reminder.dueAt, reminder.round])
        }
    }

    public func failed(_ reminder: ReminderMessage, error: String, nextAttempt: Date?) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE reminder SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE account_id = ? AND due_at = ? AND round = ?",
                arguments: [error, nextAttempt, reminder.accountID, reminder.dueAt, reminder.round])
        }
    }

    /// The newest reminder tried: when, to whom, and what went wrong if it did.
    public func lastDelivery() throws -> (at: Date, message: String, error: String?, delivered: Bool)? {
        try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT * FROM reminder WHERE attempts > 0 ORDER BY coalesce(delivered_at, next_attempt_at, created_at) DESC LIMIT 1"))
            else { return nil }
            let deliveredAt: Date? = row["delivered_at"]
            let createdAt: Date = row["created_at"]
            let message: String = row["message"]
            let error: String? = row["last_error"]
            return (deliveredAt ?? createdAt, message, error, deliveredAt != nil)
        }
    }
}
