import Foundation
import GRDB
import HearthCore

/// Failed sign-ins, kept in the database so a restart does not reset a guesser's count.
public struct SignInFailureRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func record(username: String, address: String, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO sign_in_failure (username, address, failed_at) VALUES (?, ?, ?)",
                arguments: [Credentials.normalizedUsername(username), address, now])
            // Old failures no longer matter; keep the table small.
            try db.execute(sql: "DELETE FROM sign_in_failure WHERE failed_at < ?", arguments: [SignInPolicy.relevantSince(now)])
        }
    }

    /// When sign-in opens again for this username at this address, or nil when it is open
    /// (`SignInPolicy` says which failures lock what, and why). Wrong API tokens are counted
    /// apart: a script with a stale token does not lock the family's browsers out.
    public func lockedUntil(username: String, address: String, now: Date = Date()) async throws -> Date? {
        let since = SignInPolicy.relevantSince(now)
        let name = Credentials.normalizedUsername(username)
        let failures = try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT username, address, failed_at FROM sign_in_failure WHERE (username = ? OR address = ?) AND failed_at >= ? AND username != ?"),
                arguments: [name, address, since, Self.tokenUsername]
            ).map { (username: $0[0] as String, address: $0[1] as String, at: $0[2] as Date) }
        }
        let locks = [
            SignInPolicy.lockedUntil(failures: failures.filter { $0.username == name && $0.address == address }.map(\.at), now: now),
            SignInPolicy.lockedUntil(
                failures: failures.filter { $0.address == address }.map(\.at), now: now, maximum: SignInPolicy.maximumFailuresPerAddress),
            SignInPolicy.lockedUntil(
                failures: failures.filter { $0.username == name }.map(\.at), now: now, maximum: SignInPolicy.maximumFailuresPerUsername),
        ]
        return locks.compactMap { $0 }.max()
    }

    /// A wrong API token counts against its address under this name (no username can be it),
    /// so guessing tokens is throttled as guessing passwords is, each counted on its own.
    public static let tokenUsername = "(api token)"

    /// When tokens from this address are taken again after wrong ones, or nil when they are (the
    /// API's check: only wrong tokens count here, not failed passwords).
    public func lockedUntil(address: String, now: Date = Date()) throws -> Date? {
        let failures = try database.read { db in
            try Date.fetchAll(
                db.cachedStatement(sql: "SELECT failed_at FROM sign_in_failure WHERE address = ? AND username = ? AND failed_at >= ?"),
                arguments: [address, Self.tokenUsername, SignInPolicy.relevantSince(now)])
        }
        return SignInPolicy.lockedUntil(failures: failures, now: now, maximum: SignInPolicy.maximumFailuresPerAddress)
    }

    /// A correct password clears the count for that username (not for the address).
    public func clear(username: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM sign_in_failure WHERE username = ?", arguments: [Credentials.normalizedUsername(username)])
        }
    }
}
