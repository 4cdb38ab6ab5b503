import Crypto
import Foundation
import GRDB
import HearthCore

/// A browser a member turned Web Push on in.
public struct PushDevice: Sendable, Equatable {
    public let id: Int64
    public let accountID: Int64
    public let endpoint: String
    public let p256dh: Data
    public let auth: Data
    /// What the member's browser said it was ("Android · Chrome").
    public let label: String
    public let createdAt: Date
    /// Its push service said 429: nothing to it before then.
    public var backoffUntil: Date? = nil
    /// When it last took a message.
    public var deliveredAt: Date? = nil
    /// Since when its push service has not answered (or refused) every message; nil once one goes.
    public var failingSince: Date? = nil
}

/// The members' browsers that take Web Push, and the household's VAPID key they were given.
public struct PushDeviceRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// The household's VAPID key, made the first time it is asked for. Two first asks at once
    /// both read back the one that was stored first.
    public func vapidKey() async throws -> P256.Signing.PrivateKey {
        try await database.write { db in
            let made = P256.Signing.PrivateKey()
            try db.execute(sql: "UPDATE household SET push_key = ? WHERE push_key IS NULL", arguments: [Base64URL.encode(made.rawRepresentation)])
            if let stored = try String.fetchOne(db, sql: "SELECT push_key FROM household"), let raw = Base64URL.decode(stored),
                let key = try? P256.Signing.PrivateKey(rawRepresentation: raw)
            {
                return key
            }
            // A key that does not read (changed outside Hearth) is replaced: browsers subscribed
            // to the old one are refused by their push services and removed.
            try db.execute(sql: "UPDATE household SET push_key = ?", arguments: [Base64URL.encode(made.rawRepresentation)])
            return made
        }
    }

    /// Adds the browser, or takes its row over when the same browser subscribed before (its
    /// endpoint is its own; another member signing in on it gets its messages from now on).
    /// Throws `StoreError.full`, with nothing written, when the member already has
    /// `Bounds.devicesPerMember` others.
    public func add(accountID: Int64, _ subscription: PushSubscription, now: Date = Date()) async throws {
        try await database.write { db in
            try Bounds.check(
                db, most: Bounds.devicesPerMember, "SELECT count(*) FROM push_device WHERE account_id = ? AND endpoint != ?",
                [accountID, subscription.endpoint])
            try db.execute(
                sql: """
                    INSERT INTO push_device(account_id, endpoint, p256dh, auth, label, created_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(endpoint) DO UPDATE SET account_id = excluded.account_id, p256dh = excluded.p256dh, auth = excluded.auth,
                        label = excluded.label, created_at = excluded.created_at, backoff_until = NULL, failing_since = NULL
                    """,
                arguments: [
                    accountID, subscription.endpoint, Base64URL.encode(subscription.p256dh), Base64URL.encode(subscription.auth), subscription.label, now,
                ])
        }
    }

    /// A member's browsers, oldest first; every member's when `accountID` is nil.
    public func devices(accountID: Int64?) throws -> [PushDevice] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, account_id, endpoint, p256dh, auth, label, created_at, backoff_until, delivered_at, failing_since
                    FROM push_device WHERE ?1 IS NULL OR account_id = ?1 ORDER BY id
                    """,
                arguments: [accountID]
            ).compactMap { row in
                // Keys that do not read (the file changed outside Hearth): the device is not offered.
                guard let p256dh = Base64URL.decode(row[3]), let auth = Base64URL.decode(row[4]) else { return nil }
                return PushDevice(
                    id: row[0], accountID: row[1], endpoint: row[2], p256dh: p256dh, auth: auth, label: row[5], createdAt: row[6], backoffUntil: row[7],
                    deliveredAt: row[8], failingSince: row[9])
            }
        }
    }

    /// Removes one of the member's browsers; false when it is not theirs or not there.
    @discardableResult
    public func remove(id: Int64, accountID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM push_device WHERE id = ? AND account_id = ?", arguments: [id, accountID])
            return db.changesCount > 0
        }
    }

    /// A browser its push service says is gone (404, 410).
    public func forget(endpoint: String) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM push_device WHERE endpoint = ?", arguments: [endpoint]) }
    }

    /// A push service that answered 429: nothing more to this browser until `until`.
    public func backOff(endpoint: String, until: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE push_device SET backoff_until = ? WHERE endpoint = ?", arguments: [until, endpoint])
        }
    }

    /// What the browsers' push services said in one round of reminders, in order: one that took a
    /// message works again (its last message now); one that did not answer, or refused, has not
    /// answered since its first such time. One write for the round.
    public func note(_ answers: [(id: Int64, took: Bool)], now: Date) async throws {
        guard !answers.isEmpty else { return }
        try await database.write { db in
            for answer in answers {
                try db.execute(
                    sql: answer.took
                        ? "UPDATE push_device SET delivered_at = ?, failing_since = NULL WHERE id = ?"
                        : "UPDATE push_device SET failing_since = coalesce(failing_since, ?) WHERE id = ?",
                    arguments: [now, answer.id])
            }
        }
    }
}
