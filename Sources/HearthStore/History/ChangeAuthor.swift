import Foundation
import GRDB
import Synchronization

/// Who a write is by, for the history it leaves: a member on a page, a member through an API
/// token, the command line, or Hearth itself (nil: a migration, the daily clean-up).
/// The request's middleware sets `current` for the handler; `AppDatabase.write` hands it to
/// the writer connection, where the history triggers read it (`hearth_author(n)`).
public struct ChangeAuthor: Sendable, Equatable {
    public enum Via: String, Sendable {
        case page, api, commandLine = "command-line"
        /// A reminder's button (ntfy's, or the browser's notification): the member of its token.
        case reminder
    }

    public var accountID: Int64?
    public var tokenID: Int64?
    public var via: Via

    public init(accountID: Int64?, tokenID: Int64? = nil, via: Via) {
        (self.accountID, self.tokenID, self.via) = (accountID, tokenID, via)
    }

    public static let commandLine = ChangeAuthor(accountID: nil, via: .commandLine)

    @TaskLocal public static var current: ChangeAuthor?
}

/// Hands the author of each write to the history triggers: a one-row table filled as the
/// write's transaction begins and emptied before it commits, so any connection's triggers
/// read it (the sqlite3 shell's writes find it empty and are Hearth's, write 0) and nothing of
/// it outlives the write. `quiet` writes leave no history (a public list of 50,000 medicines,
/// an import's batches: their one entry is the import's own row).
enum WriteAuthor {
    /// Numbers from the start's microsecond, so a restart or the command line beside the
    /// server never gives two writes one number.
    private static let writes = Atomic<Int64>(Int64(Date().timeIntervalSince1970 * 1_000_000))

    static func begin(_ author: ChangeAuthor?, quiet: Bool = false, _ db: Database) throws {
        let number = writes.add(1, ordering: .relaxed).newValue
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO history_author(one, write, account_id, token_id, via, quiet) VALUES (1, ?, ?, ?, ?, ?)")
            .execute(arguments: [number, author?.accountID, author?.tokenID, author?.via.rawValue, quiet])
    }

    static func end(_ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM history_author").execute()
    }
}
