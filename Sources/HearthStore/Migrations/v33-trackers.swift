import GRDB

extension Migrations {
    static let v33 = Migration("v33 trackers of the household's own") { db in
        // A tracker is a record kind the household defines. `subjects` says whom it is for
        // (`species:cat`, `people`, `subject:12`; then `subject_id` too, so the subject's removal
        // takes it and its history names the subject). `fields` is the definition as JSON
        // (`TrackerStorage`): each field's key is made once and never reused, so a record's values
        // stay readable however the tracker changes; `ready_made` names the one it was added from.
        try db.execute(
            sql: """
                CREATE TABLE tracker (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    subjects TEXT NOT NULL,
                    subject_id INTEGER REFERENCES subject(id) ON DELETE CASCADE,
                    regimen_id INTEGER REFERENCES regimen(id) ON DELETE SET NULL,
                    fields TEXT NOT NULL,
                    ready_made TEXT,
                    created_at DATETIME NOT NULL,
                    updated_at DATETIME NOT NULL,
                    deleted_at DATETIME
                );
                CREATE TABLE tracker_entry (
                    entry_id INTEGER PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
                    tracker_id INTEGER NOT NULL REFERENCES tracker(id) ON DELETE CASCADE
                );
                CREATE INDEX tracker_entry_by_tracker ON tracker_entry(tracker_id);
                -- One row a field a record filled: a number, a step, seconds or yes (1) / no (0) in
                -- `number`; a choice's key or text in `text`.
                CREATE TABLE tracker_value (
                    entry_id INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                    field TEXT NOT NULL,
                    number REAL,
                    text TEXT,
                    PRIMARY KEY (entry_id, field)
                ) WITHOUT ROWID;
                """)
        // Search reads a tracker's records (its name, typed text, chosen words): their details
        // queue them as every kind's do (v22), and so does a change to the tracker itself, whose
        // words its records are found by.
        for table in ["tracker_entry", "tracker_value"] {
            try db.execute(
                sql: """
                    CREATE TRIGGER search_\(table)_insert AFTER INSERT ON \(table) BEGIN INSERT OR IGNORE INTO search_pending VALUES (new.entry_id); END;
                    CREATE TRIGGER search_\(table)_update AFTER UPDATE ON \(table) BEGIN INSERT OR IGNORE INTO search_pending VALUES (new.entry_id); END;
                    CREATE TRIGGER search_\(table)_delete AFTER DELETE ON \(table) BEGIN INSERT OR IGNORE INTO search_pending VALUES (old.entry_id); END;
                    """)
        }
        try db.execute(
            sql: """
                CREATE TRIGGER search_tracker_changed AFTER UPDATE OF name, fields ON tracker BEGIN
                    INSERT OR IGNORE INTO search_pending SELECT entry_id FROM tracker_entry WHERE tracker_id = new.id;
                END;
                """)
    }
}
