import GRDB

extension Migrations {
    static let v29 = Migration("v29 history of every change and the bin") { db in
        // One row per table row a write changed, never updated or deleted but by the owner's
        // retention. `write` groups the rows of one write (a record and its details, a shared
        // record's copies); `record` and `record_id` name what the household calls the thing
        // (the record a meal's details belong to); `changes` is JSON: on insert and delete the
        // row's values, on update {column: [old, new]} of what changed. Filled by triggers
        // (`HistoryTriggers`), so no door can forget it.
        try db.execute(
            sql: """
                CREATE TABLE history (
                    id INTEGER PRIMARY KEY,
                    write INTEGER NOT NULL,
                    at DATETIME NOT NULL,
                    account_id INTEGER,
                    token_id INTEGER,
                    via TEXT,
                    record TEXT NOT NULL,
                    record_id TEXT NOT NULL,
                    subject_id INTEGER,
                    tbl TEXT NOT NULL,
                    action TEXT NOT NULL CHECK (action IN ('insert', 'update', 'delete')),
                    changes TEXT NOT NULL
                );
                CREATE INDEX history_record ON history(record, record_id, id);
                CREATE INDEX history_subject ON history(subject_id, id) WHERE subject_id IS NOT NULL;
                -- No more: each index is pages more for every write to keep (a member's filter reads
                -- the newest rows until it has fifty).
                CREATE TABLE history_author (
                    one INTEGER PRIMARY KEY CHECK (one = 1),
                    write INTEGER NOT NULL,
                    account_id INTEGER,
                    token_id INTEGER,
                    via TEXT,
                    quiet BOOLEAN NOT NULL
                );
                """)
        // The doses whose mark was taken back once at least: the dose log shows a later mark as
        // changed (the history has each step). Kept apart because taking back deletes the mark.
        try db.execute(
            sql: """
                CREATE TABLE dose_taken_back (
                    regimen_id INTEGER NOT NULL REFERENCES regimen(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    time INTEGER NOT NULL,
                    PRIMARY KEY (regimen_id, day, time)
                ) WITHOUT ROWID
                """)
        // What is in the bin, for the bin's page and its clean-up (the other indexes leave
        // deleted rows out).
        for table in ["entry", "regimen", "routine", "appointment"] {
            try db.execute(sql: "CREATE INDEX \(table)_in_bin ON \(table)(deleted_at) WHERE deleted_at IS NOT NULL")
        }
        // The owner's settings: how many days the bin keeps what was deleted before it goes for
        // good, and how many years of history are kept (NULL: every change, for good).
        try db.alter(table: "household") { t in
            t.add(column: "bin_days", .integer).notNull().defaults(to: 30)
            t.add(column: "history_years", .integer)
        }
    }
}
