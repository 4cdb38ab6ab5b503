import GRDB

/// The triggers that write `history`: three on every table the household's writes change, made
/// from the schema as it is each time the database opens, so a table or column a later
/// migration adds is in the history without anyone remembering it. A table is left out only
/// by name here, with the reason (`HistoryCoverageTests` fails on one that is neither).
enum HistoryTriggers {
    /// Tables whose rows are not the household's words: bookkeeping, indexes, outboxes, and
    /// the public lists (their import is one entry of its own).
    static let notLogged: Set<String> = [
        "history", "history_author", "grdb_migrations", "sqlite_sequence", "sqlite_stat1", "sqlite_stat4",
        // who is signed in, failed sign-ins, what the outbox sent and the reminders it queued
        "session", "sign_in_failure", "sent_request", "reminder", "backup_run",
        // reminders' one-use buttons (what one marks is logged as the member's, from a reminder)
        "reminder_answer",
        // who marked a flag seen (flags themselves are worked out from the records)
        "flag_seen",
        // the search indexes and their queue
        "search_pending", "search_record", "search_doc",
        // public lists (the household's catalogue rows are `medicine`, logged)
        "pill", "dur_pair", "dur_elderly", "dur_import",
        // the note that a dose's mark was taken back: the history has the taking back itself
        "dose_taken_back",
        // the R*Tree of the clinics' places (v37): SQLite's own copy of their map_x and map_y
        "clinic_place_node", "clinic_place_rowid", "clinic_place_parent",
    ]

    /// Columns that say nothing the household typed: stamps every write moves, counters, secrets.
    static let skippedColumns: Set<String> = [
        "updated_at", "created_at", "last_used_at", "last_seen_at", "password_hash", "digest", "feed_token", "bytes_read", "records_read",
        "days_written", "photo_count", "recorded_at", "push_key", "p256dh", "auth", "backoff_until",
        "delivered_at", "failing_since",
    ]

    /// Columns one table keeps its own way: a tracker's definition is written by its edit as
    /// what changed (`TrackerChange`), not as the whole JSON before and after.
    static let skippedInTable: [String: Set<String>] = ["tracker": ["fields"]]

    /// Addresses that work as credentials (whoever has a device's push endpoint, a member's ntfy
    /// topic or the household's webhook can send as Hearth): the history keeps that one was set,
    /// changed or cleared (`hidden`, `hiddenChanged`), never the address.
    static let hiddenColumns: Set<String> = ["endpoint", "ntfy_url", "webhook_url"]
    static let hidden = "•••", hiddenChanged = "••• ✎"

    /// Tables whose own rows' inserts keep their values: marks, whose one row is the whole step
    /// ("09:12 아빠 건너뜀: 토함"). Any other record's insert keeps only that it happened: its
    /// values are the row itself, and each later change keeps its old and new.
    static let insertsWithValues: Set<String> = ["dose", "routine_mark", "dose_change"]

    /// Parent columns, in order: a row with one of these belongs to that record (a meal's
    /// details to its record, an item to its regimen).
    static let parents: [(column: String, record: String)] = [
        ("entry_id", "entry"), ("regimen_id", "regimen"), ("routine_id", "routine"), ("recipe_id", "recipe"),
    ]

    /// Records of their own that name another record only as a reference (a tracker counts
    /// hours from a regimen's doses; it is not a part of the regimen).
    static let ownRecords: Set<String> = ["tracker"]

    static func loggedTables(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_search%' ORDER BY name
                """
        ).filter { !notLogged.contains($0) && !isShadow($0) }
    }

    /// FTS5's own tables (`recipe_search_data` …) are not the household's.
    private static func isShadow(_ name: String) -> Bool {
        ["_data", "_idx", "_content", "_docsize", "_config"].contains { name.hasSuffix($0) } && name.contains("search")
    }

    /// Drops every history trigger and makes them again for the schema as it is.
    static func install(_ db: Database) throws {
        guard try db.tableExists("history") else { return }
        for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'history\\_%' ESCAPE '\\'") {
            try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
        }
        for table in try loggedTables(db) {
            for sql in try triggers(for: table, db) { try db.execute(sql: sql) }
        }
    }

    static func triggers(for table: String, _ db: Database) throws -> [String] {
        let columns = try db.columns(in: table)
        let names = columns.map(\.name)
        let kept = columns.filter {
            !skippedColumns.contains($0.name) && !(skippedInTable[table]?.contains($0.name) ?? false) && !$0.type.uppercased().contains("BLOB")
        }.map(\.name)
        let primaryKey = try db.primaryKey(table).columns
        let parent =
            table == "pet_profile"
            ? ("subject_id", "subject") : ownRecords.contains(table) ? nil : parents.first { names.contains($0.column) && table != $0.record }
        func record(_ row: String) -> (name: String, id: String) {
            if let parent { return (parent.1, "\(row).\(parent.0)") }
            return (table, primaryKey.map { "\(row).\($0.quotedDatabaseIdentifier)" }.joined(separator: " || '/' || "))
        }
        func subject(_ row: String) -> String {
            if table == "subject" { return "\(row).id" }
            if names.contains("subject_id") { return "\(row).subject_id" }
            if let parent, ["entry", "regimen", "routine"].contains(parent.1) { return "(SELECT subject_id FROM \(parent.1) WHERE id = \(row).\(parent.0))" }
            return "NULL"
        }
        // Each column once: a trigger is compiled into every statement that writes its table,
        // and each reference is a call of GRDB's authorizer (a blob guard made them three, and
        // +1 cup 0.7 ms dearer). Columns declared BLOB are left out above; no other holds one.
        func value(_ row: String, _ column: String, updating: Bool = false) -> String {
            let read = "\(row).\(column.quotedDatabaseIdentifier)"
            guard hiddenColumns.contains(column) else { return read }
            // An update's new address is marked apart from the old one, so a change stays a change.
            let marker = updating ? "CASE WHEN \(read) IS OLD.\(column.quotedDatabaseIdentifier) THEN '\(hidden)' ELSE '\(hiddenChanged)' END" : "'\(hidden)'"
            return "CASE WHEN \(read) IS NULL THEN NULL ELSE \(marker) END"
        }
        // One row a column, named in the first (a one-row VALUES would name them after the column read).
        func rows(_ columns: [String], _ row: (String) -> String) -> String {
            columns.enumerated().map { index, column in
                index == 0 ? "SELECT '\(column)' AS field, \(row(column))" : "SELECT '\(column)', \(row(column))"
            }.joined(separator: " UNION ALL ")
        }
        func values(_ row: String) -> String {
            kept.isEmpty
                ? "'{}'" : "(SELECT json_group_object(field, was) FROM (\(rows(kept) { "\(value(row, $0)) AS was" })) WHERE was IS NOT NULL)"
        }
        let changed =
            kept.isEmpty
            ? "'{}'"
            : "(SELECT json_group_object(field, json_array(was, became)) FROM (\(rows(kept) { "\(value("OLD", $0)) AS was, \(value("NEW", $0, updating: true)) AS became" })) WHERE was IS NOT became)"
        func trigger(_ action: String, _ row: String, _ changes: String) -> String {
            let (name, id) = record(row)
            // An update that changed only what is skipped (a stamp) leaves no row; an insert always does.
            let worth = action == "insert" ? "1" : "c.changes != '{}'"
            return """
                CREATE TRIGGER "history_\(table)_\(action)" AFTER \(action.uppercased()) ON \(table.quotedDatabaseIdentifier)
                WHEN coalesce((SELECT quiet FROM history_author), 0) = 0 BEGIN
                INSERT INTO history(write, at, account_id, token_id, via, record, record_id, subject_id, tbl, action, changes)
                SELECT coalesce(a.write, 0), strftime('%Y-%m-%d %H:%M:%f', 'now'), a.account_id, a.token_id, a.via, '\(name)', \(id), \(subject(row)), '\(table)', '\(action)', c.changes
                FROM (SELECT \(changes) AS changes) c LEFT JOIN history_author a
                WHERE \(worth);
                END
                """
        }
        // A record's details keep their values (an edit writes them afresh, deleted then
        // inserted, and reads old → new from the pair); the record's own row keeps only that it was made.
        let inserted = insertsWithValues.contains(table) || record("NEW").name != table ? values("NEW") : "'{}'"
        return [trigger("insert", "NEW", inserted), trigger("update", "NEW", changed), trigger("delete", "OLD", values("OLD"))]
    }
}
