import Foundation
import GRDB
import HearthCore

/// Where the household's reminders go: the shared ntfy topic (the family tablet) and/or a
/// webhook; how long after a dose's time to remind again if nobody marked it, and to tell the
/// other members; and the address phones reach Hearth at, for ntfy's buttons and taps.
public struct ReminderTargets: Sendable, Equatable {
    public var ntfyURL: String?
    public var webhookURL: String?
    public var againMinutes: Int
    /// Minutes after a dose's time that the other members are told it is unmarked (0: never).
    public var escalateMinutes: Int
    /// `https://hearth.local:8443`: what a reminder outside the browser links to (nil: no links).
    public var address: String?

    public init(ntfyURL: String?, webhookURL: String?, againMinutes: Int, escalateMinutes: Int = 60, address: String? = nil) {
        self.ntfyURL = ntfyURL
        self.webhookURL = webhookURL
        self.againMinutes = againMinutes
        self.escalateMinutes = escalateMinutes
        self.address = address
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
    public let role: Role
    /// The person of the household who is this member, if one is.
    public let me: Int64?

    /// Self-care's rule (`Role.mayRecord(for:me:)`), for a reminder's buttons.
    public func mayRecord(for subjectID: Int64) -> Bool { role.mayRecord(for: subjectID, me: me) }
}

/// One scheduled dose: the regimen, its day and minute (`"12/2026-11-23/480"` when written down).
public struct DoseKey: Sendable, Hashable {
    public let regimenID: Int64
    public let day: LocalDate
    public let time: Int

    public init(regimenID: Int64, day: LocalDate, time: Int) { (self.regimenID, self.day, self.time) = (regimenID, day, time) }

    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 3, let regimenID = Int64(parts[0]), let day = LocalDate(String(parts[1])), let time = Int(parts[2]) else { return nil }
        self.init(regimenID: regimenID, day: day, time: time)
    }

    public var text: String { "\(regimenID)/\(day)/\(time)" }
}

/// A reminder written down before it is sent: the key that keeps it from going twice.
public struct ReminderMessage: Sendable, Equatable {
    public let accountID: Int64
    public let dueAt: Date
    public let round: Int
    public let message: String
    public let attempts: Int
    /// The dose it is about, when it is about exactly one.
    public var dose: DoseKey? = nil
    /// The page a tap opens (a path on Hearth).
    public var link: String? = nil
    /// The targets that took it already ("ntfy <url>", "webhook", "device <id>").
    public var deliveredTo: Set<String> = []
    /// What of its time it is: its dose (`DoseKey.text`), or '' for the rest (a reminder a dose).
    public var part: String = ""

    /// The rounds: 0 when due, 1 again, 2 the other members told it is unmarked, 3 on a "later".
    public static let escalation = 2
    public static let later = 3
}

public struct ReminderRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    // MARK: Settings

    public func targets() throws -> ReminderTargets {
        try database.read { db in
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT ntfy_url, webhook_url, remind_again_minutes, escalate_minutes, web_address FROM household WHERE id = 1"))
            return ReminderTargets(
                ntfyURL: row?["ntfy_url"], webhookURL: row?["webhook_url"], againMinutes: row?["remind_again_minutes"] ?? 30,
                escalateMinutes: row?["escalate_minutes"] ?? 60, address: row?["web_address"])
        }
    }

    public func setTargets(_ targets: ReminderTargets) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE household SET ntfy_url = ?, webhook_url = ?, remind_again_minutes = ?, escalate_minutes = ?, web_address = ? WHERE id = 1",
                arguments: [targets.ntfyURL, targets.webhookURL, targets.againMinutes, targets.escalateMinutes, targets.address])
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
        try members(where: "a.reminders", [])
    }

    /// The member a reminder's button answers for, if still one (not disabled), whether or not
    /// their reminders are still on.
    public func member(accountID: Int64) throws -> ReminderRecipient? {
        try members(where: "a.id = ?", [accountID]).first
    }

    private func members(where condition: String, _ arguments: StatementArguments) throws -> [ReminderRecipient] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT a.id, a.display_name, a.role, a.limited, a.ntfy_url,
                            (SELECT s.id FROM subject s WHERE s.account_id = a.id AND s.kind = 'person' AND s.archived_at IS NULL ORDER BY s.id LIMIT 1) AS me
                        FROM account a WHERE a.disabled_at IS NULL AND \(condition) ORDER BY a.id
                        """), arguments: arguments
            ).map {
                row in
                let role = Role(rawValue: row["role"]) ?? .viewer
                return ReminderRecipient(
                    accountID: row["id"], name: row["display_name"],
                    access: try AccountRepository.access(limited: row["limited"], role: role, accountID: row["id"], db),
                    ntfyURL: row["ntfy_url"], isOwner: role == .owner, role: role, me: row["me"])
            }
        }
    }

    // MARK: Sent reminders

    /// Writes a reminder down before it is sent. False when it already was (this round, for
    /// this member, this time and this dose): then it is never sent again, restart or not.
    public func claim(
        accountID: Int64, dueAt: Date, round: Int, message: String, dose: DoseKey? = nil, link: String? = nil, now: Date
    ) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder(account_id, due_at, round, part, message, dose, link, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """, arguments: [accountID, dueAt, round, dose?.text ?? "", message, dose?.text, link, now, now])
            return db.changesCount == 1
        }
    }

    /// "Later" on a reminder: the same message again to the same member at `at`, as a round of
    /// its own after the others (each "later" adds one).
    public func later(_ reminder: ReminderMessage, at: Date, now: Date) async throws {
        try await database.write { db in
            let round =
                try Int.fetchOne(
                    db, sql: "SELECT max(round) + 1 FROM reminder WHERE account_id = ? AND due_at = ? AND part = ? AND round >= ?",
                    arguments: [reminder.accountID, reminder.dueAt, reminder.part, ReminderMessage.later]) ?? ReminderMessage.later
            try db.execute(
                sql: """
                    INSERT INTO reminder(account_id, due_at, round, part, message, dose, link, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [reminder.accountID, reminder.dueAt, round, reminder.part, reminder.message, reminder.dose?.text, reminder.link, at, now])
        }
    }

    /// Who was sent the first reminder of a dose, and who answered it "later" (by name): what the
    /// escalation to the others says, so they know whom to ask. Asked at every tick while the
    /// escalation is due, of a table that keeps every reminder ever sent: member by member through
    /// the key (account, time, round, part), never a scan.
    public func told(dose: DoseKey, dueAt: Date) throws -> (reminded: [String], snoozed: [String]) {
        try database.read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT a.display_name, max(r.round >= ?3) FROM account a CROSS JOIN reminder r ON r.account_id = a.id
                        WHERE r.due_at = ?2 AND r.part = ?1 AND ((r.round = 0 AND r.attempts > 0) OR r.round >= ?3)
                        GROUP BY a.id ORDER BY a.display_name
                        """), arguments: [dose.text, dueAt, ReminderMessage.later])
            return (rows.filter { !$0[1] }.map { $0[0] }, rows.filter { $0[1] }.map { $0[0] })
        }
    }

    /// The reminder of one member about one dose at its time (the first round), for "later".
    public func reminder(accountID: Int64, dose: DoseKey) throws -> ReminderMessage? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM reminder WHERE account_id = ? AND dose = ? ORDER BY round LIMIT 1", arguments: [accountID, dose.text]
            ).map(Self.message(from:))
        }
    }

    static func message(from row: Row) -> ReminderMessage {
        let deliveredTo: String = row["delivered_to"] ?? ""
        return ReminderMessage(
            accountID: row["account_id"], dueAt: row["due_at"], round: row["round"], message: row["message"], attempts: row["attempts"],
            dose: (row["dose"] as String?).flatMap(DoseKey.init), link: row["link"],
            deliveredTo: Set(deliveredTo.split(separator: "\n").map(String.init)), part: row["part"] ?? "")
    }

    /// Targets that took a reminder whose other targets failed: a retry skips them.
    public func delivered(_ reminder: ReminderMessage, to targets: Set<String>) async throws {
        guard !targets.isEmpty else { return }
        try await database.write { db in
            try db.execute(
                sql: "UPDATE reminder SET delivered_to = ? WHERE account_id = ? AND due_at = ? AND round = ? AND part = ?",
                arguments: [
                    reminder.deliveredTo.union(targets).sorted().joined(separator: "\n"), reminder.accountID, reminder.dueAt, reminder.round, reminder.part,
                ])
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
            ).map(Self.message(from:))
        }
    }

    public func delivered(_ reminder: ReminderMessage, now: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE reminder SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE account_id = ? AND due_at = ? AND round = ? AND part = ?
                    """, arguments: [now, reminder.accountID, reminder.dueAt, reminder.round, reminder.part])
        }
    }

    /// A try that some target did not take: `error` for the log, `said` what each target said.
    public func failed(_ reminder: ReminderMessage, error: String, said: [TargetSaid], nextAttempt: Date?) async throws {
        try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE reminder SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE account_id = ? AND due_at = ? AND round = ? AND part = ?",
                arguments: [error, nextAttempt, reminder.accountID, reminder.dueAt, reminder.round, reminder.part])
            try Self.record(reminder, said: said, db)
        }
    }

    /// What each target said of the reminder: kept beside what they said before (a retry goes to
    /// the targets that did not take it only).
    public func record(_ reminder: ReminderMessage, said: [TargetSaid]) async throws {
        guard !said.isEmpty else { return }
        try await database.write { db in try Self.record(reminder, said: said, db) }
    }

    private static func record(_ reminder: ReminderMessage, said: [TargetSaid], _ db: Database) throws {
        let key: StatementArguments = [reminder.accountID, reminder.dueAt, reminder.round, reminder.part]
        let before = TargetSaid.read(
            try String.fetchOne(db, sql: "SELECT said FROM reminder WHERE account_id = ? AND due_at = ? AND round = ? AND part = ?", arguments: key))
        try db.execute(
            sql: "UPDATE reminder SET said = ? WHERE account_id = ? AND due_at = ? AND round = ? AND part = ?",
            arguments: [TargetSaid.text(TargetSaid.merged(before, said))] + key)
    }

    /// The newest reminder tried: when, to whom, what each target said, and the log's problem if any.
    public func lastDelivery() throws -> LastDelivery? {
        try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT r.*, a.display_name FROM reminder r JOIN account a ON a.id = r.account_id
                            WHERE r.attempts > 0 ORDER BY coalesce(r.delivered_at, r.next_attempt_at, r.created_at) DESC LIMIT 1
                            """))
            else { return nil }
            let deliveredAt: Date? = row["delivered_at"]
            return LastDelivery(
                at: deliveredAt ?? row["created_at"], member: row["display_name"], message: row["message"], error: row["last_error"],
                delivered: deliveredAt != nil, said: TargetSaid.read(row["said"]))
        }
    }
}

/// The newest reminder tried, as the owner's settings page says it.
public struct LastDelivery: Sendable, Equatable {
    public let at: Date
    /// The member it was for.
    public let member: String
    public let message: String
    public let error: String?
    public let delivered: Bool
    public let said: [TargetSaid]
}
