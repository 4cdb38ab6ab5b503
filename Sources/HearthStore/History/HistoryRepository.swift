import Foundation
import GRDB
import HearthCore

/// One row of the history: what one write did to one row of a table, by whom and when.
public struct HistoryEntry: Sendable, Equatable {
    /// A value as the history keeps it: JSON's text, number or nothing.
    public enum Value: Sendable, Equatable {
        case text(String)
        /// An instant as the database keeps it ("2026-11-19 23:00:00.000", UTC).
        case instant(Date)
        case number(Double)
        case none
    }

    /// A column's change: set on insert, removed on delete, old → new on update.
    public struct Change: Sendable, Equatable {
        public let column: String
        public let old: Value
        public let new: Value
    }

    public let id: Int64
    public let write: Int64
    public let at: Date
    public let accountID: Int64?
    /// The member's name as it is now (nil for the command line and Hearth itself).
    public let memberName: String?
    public let tokenName: String?
    public let via: ChangeAuthor.Via?
    public let record: String
    public let recordID: String
    public let subjectID: Int64?
    public let table: String
    public let action: String
    public let changes: [Change]
}

/// What the history pages ask: a record's history, the household's activity filtered and
/// paged, newest first. Only reads; `history` is written by its triggers alone.
public struct HistoryRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public struct Filter: Sendable, Equatable {
        public var accountID: Int64?
        public var subjectID: Int64?
        public var record: String?
        public var day: LocalDate?
        public init(accountID: Int64? = nil, subjectID: Int64? = nil, record: String? = nil, day: LocalDate? = nil) {
            (self.accountID, self.subjectID, self.record, self.day) = (accountID, subjectID, record, day)
        }
    }

    /// One record's history (a record and its details, a regimen and its items and doses),
    /// oldest first.
    public func of(record: String, id: Int64, limit: Int = 200) throws -> [HistoryEntry] {
        try database.read { db in
            Self.merged(try Self.fetch(db, where: "h.record = ? AND h.record_id = ?", [record, String(id)], order: "h.id DESC", limit: limit).reversed())
        }
    }

    /// The household's activity, newest first, `limit` rows older than `before`, of the
    /// subjects `access` may see (rows of no subject only for the whole household).
    public func activity(access: SubjectAccess, filter: Filter, timeZone: TimeZone, before: Int64? = nil, limit: Int = 50) throws -> [HistoryEntry] {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if case .only = access { conditions.append("h.subject_id IS NOT NULL AND \(access.sqlCondition("h.subject_id"))") }
        if let before {
            conditions.append("h.id < ?")
            arguments.append(before)
        }
        if let account = filter.accountID {
            conditions.append("h.account_id = ?")
            arguments.append(account)
        }
        if let subject = filter.subjectID {
            conditions.append("h.subject_id = ?")
            arguments.append(subject)
        }
        if let record = filter.record {
            // Newest first along the table, not through `history_record`: that index would
            // hand back every row of the kind (100,000 of doses) to be sorted for fifty.
            conditions.append("+h.record = ?")
            arguments.append(record)
        }
        if let day = filter.day {
            conditions.append("h.at >= ? AND h.at < ?")
            arguments += [day.midnight(in: timeZone), day.adding(days: 1).midnight(in: timeZone)]
        }
        return try database.read { db in
            Self.merged(
                try Self.fetch(db, where: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), arguments, order: "h.id DESC", limit: limit))
        }
    }

    /// The owner's retention, the one way history rows go: every change made before `cutoff`.
    /// Rows are numbered in time order, so the cut is the first row at or after it.
    @discardableResult
    public func forget(before cutoff: Date) async throws -> Int {
        try await database.write { db in
            let first = try Int64.fetchOne(db, sql: "SELECT id FROM history WHERE at >= ? ORDER BY id LIMIT 1", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM history WHERE id < ?", arguments: [first ?? Int64.max])
            return db.changesCount
        }
    }

    /// How many rows the history holds and about how many bytes (for the owner's settings):
    /// rows are numbered without gaps but for the retention's cut, and the bytes are the rows
    /// times the newest thousand's mean (counting the file's pages took 110 ms).
    public func size() throws -> (rows: Int, bytes: Int) {
        try database.read { db in
            let rows = try Int.fetchOne(db, sql: "SELECT (SELECT max(id) FROM history) - (SELECT min(id) FROM history) + 1") ?? 0
            let mean =
                try Double.fetchOne(
                    db,
                    sql: """
                        SELECT avg(length(changes) + length(record) + length(record_id) + length(tbl) + 40)
                        FROM (SELECT * FROM history ORDER BY id DESC LIMIT 1000)
                        """) ?? 0
            // An index entry for the record and one for the subject, about 30 bytes each.
            return (rows, Int((mean + 60) * Double(rows)))
        }
    }

    static func fetch(_ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible], order: String, limit: Int) throws -> [HistoryEntry]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT h.id, h.write, h.at, h.account_id, a.display_name, t.name, h.via, h.record, h.record_id, h.subject_id, h.tbl, h.action, h.changes
                FROM history h LEFT JOIN account a ON a.id = h.account_id LEFT JOIN api_token t ON t.id = h.token_id
                WHERE \(condition) ORDER BY \(order) LIMIT \(max(1, min(limit, 1000)))
                """, arguments: StatementArguments(arguments)
        ).map { row -> HistoryEntry in
            let action: String = row[11]
            return HistoryEntry(
                id: row[0], write: row[1], at: row[2], accountID: row[3], memberName: row[4], tokenName: row[5],
                via: (row[6] as String?).flatMap(ChangeAuthor.Via.init(rawValue:)), record: row[7], recordID: row[8], subjectID: row[9], table: row[10],
                action: action, changes: try Self.changes(row[12], action: action, db))
        }
    }

    /// A detail row an edit wrote afresh (a meal's details are deleted and inserted again) as
    /// the one change it was: what differs, old and new; nothing when nothing does.
    static func merged(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        /// The other half of a detail row written afresh: same write, table and record, the other action.
        func pairs(_ one: HistoryEntry, _ other: HistoryEntry) -> Bool {
            guard other.id != one.id, other.write == one.write, other.table == one.table else { return false }
            guard other.record == one.record, other.recordID == one.recordID else { return false }
            return other.action != "update" && other.action != one.action
        }
        var result: [HistoryEntry] = []
        var used = Set<Int64>()
        for entry in entries where !used.contains(entry.id) {
            guard entry.action != "update", entry.table != entry.record, entry.write != 0,
                let other = entries.first(where: { pairs(entry, $0) && !used.contains($0.id) })
            else {
                result.append(entry)
                continue
            }
            used.insert(other.id)
            let (removed, added) = entry.action == "delete" ? (entry, other) : (other, entry)
            var old: [String: HistoryEntry.Value] = [:], new: [String: HistoryEntry.Value] = [:]
            for change in removed.changes { old[change.column] = change.old }
            for change in added.changes { new[change.column] = change.new }
            var changes: [HistoryEntry.Change] = []
            for column in Set(old.keys).union(new.keys).sorted() {
                let before = old[column] ?? HistoryEntry.Value.none, after = new[column] ?? HistoryEntry.Value.none
                if before != after { changes.append(HistoryEntry.Change(column: column, old: before, new: after)) }
            }
            if changes.isEmpty { continue }
            result.append(
                HistoryEntry(
                    id: entry.id, write: entry.write, at: entry.at, accountID: entry.accountID, memberName: entry.memberName, tokenName: entry.tokenName,
                    via: entry.via, record: entry.record, recordID: entry.recordID, subjectID: entry.subjectID, table: entry.table, action: "update",
                    changes: changes))
        }
        return result
    }

    /// The JSON the triggers wrote, as changes in column order. Anything unreadable reads as
    /// no change rather than failing the page.
    /// The changes' JSON read by SQLite (`json_each`, in column order): Foundation's parser was
    /// a fifth of the activity page. JSON that is not (a file changed outside Hearth) reads as
    /// no changes.
    static func changes(_ json: String, action: String, _ db: Database) throws -> [HistoryEntry.Change] {
        let statement = try db.cachedStatement(
            sql: """
                SELECT key, type, atom,
                    CASE WHEN type = 'array' THEN json_type(value, '$[0]') END, CASE WHEN type = 'array' THEN json_extract(value, '$[0]') END,
                    CASE WHEN type = 'array' THEN json_type(value, '$[1]') END, CASE WHEN type = 'array' THEN json_extract(value, '$[1]') END
                FROM json_each(CASE WHEN json_valid(?1) THEN ?1 ELSE '{}' END) ORDER BY key
                """)
        func value(_ type: String?, _ stored: DatabaseValue) -> HistoryEntry.Value {
            switch (type, stored.storage) {
            case ("text", .string(let text)):
                text.count >= 19 && text.dropFirst(10).first == " " ? Date.fromDatabaseValue(stored).map { .instant($0) } ?? .text(text) : .text(text)
            case ("integer", .int64(let number)): .number(Double(number))
            case ("real", .double(let number)): .number(number)
            case ("true", _): .number(1)
            case ("false", _): .number(0)
            default: .none
            }
        }
        return try Row.fetchAll(statement, arguments: [json]).map { row in
            let column: String = row[0]
            switch action {
            case "update": return .init(column: column, old: value(row[3], row[4]), new: value(row[5], row[6]))
            case "delete": return .init(column: column, old: value(row[1], row[2]), new: .none)
            default: return .init(column: column, old: .none, new: value(row[1], row[2]))
            }
        }
    }
}
