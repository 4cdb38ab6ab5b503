import Foundation
import GRDB

/// A public list written over the one before (the DUR lists, the pill list): its rows a batch a
/// transaction as the file is read (`AppDatabase.writeInBatches`), each marked with this import
/// (v28, `imported_at`); once the last is in, the rows of earlier imports go and `dur_import`
/// says when and how many. A file with no good row leaves the list there was.
enum PublicListWrite {
    /// Writes the list into `table`, recorded in `dur_import` as `list`; `newest` is asked once
    /// the last row is in (the newest 고시일자 the rows had). Returns how many rows it holds.
    static func replace<Item>(
        _ table: String, list: String, in database: AppDatabase, now: Date, newest: @escaping @Sendable () -> String? = { nil },
        _ produce: @escaping @Sendable (_ add: (Item) throws -> Void) throws -> Void, write: @escaping @Sendable (Database, [Item]) throws -> Void
    ) async throws -> Int {
        let rows = try await database.writeInBatches(produce, write: write)
        guard rows > 0 else { return 0 }
        try await database.write { db in
            try db.execute(sql: "DELETE FROM \(table) WHERE imported_at IS NOT ?", arguments: [now])
            try db.execute(
                sql: "INSERT OR REPLACE INTO dur_import (list, imported_at, rows, newest_notified) VALUES (?, ?, ?, ?)",
                arguments: [list, now, rows, newest()])
        }
        return rows
    }
}
