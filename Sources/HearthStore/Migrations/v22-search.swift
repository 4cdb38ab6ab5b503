import GRDB

extension Migrations {
    static let v22 = Migration("v22 one search over every record") { db in
        // The index: each record's words as overlapping letter pairs (`SearchText`), so a word
        // of two letters is found inside longer ones as quickly as a long one, and the codes of
        // what its form chose (`pets_colour_yellow`), matched through the member's own words.
        // Its rowid is the record's second shifted left 20 bits: newest first is rowid order,
        // which FTS5 walks backwards and stops at a page's end.
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE search_doc USING fts5(
                    words, codes, entry_id UNINDEXED, subject_id UNINDEXED, kind UNINDEXED,
                    tokenize = "unicode61 tokenchars '_'");
                CREATE TABLE search_record(entry_id INTEGER PRIMARY KEY, doc INTEGER NOT NULL);
                CREATE TABLE search_pending(entry_id INTEGER PRIMARY KEY);
                """)
        // Whatever writes a record (a form, an import, the API, a restore) queues it; the same
        // transaction brings the index up to date before it commits (`SearchIndex.catchUp`).
        var triggers = """
            CREATE TRIGGER search_entry_insert AFTER INSERT ON entry BEGIN INSERT OR IGNORE INTO search_pending VALUES (new.id); END;
            CREATE TRIGGER search_entry_update AFTER UPDATE ON entry BEGIN INSERT OR IGNORE INTO search_pending VALUES (new.id); END;
            CREATE TRIGGER search_entry_delete AFTER DELETE ON entry BEGIN INSERT OR IGNORE INTO search_pending VALUES (old.id); END;
            CREATE TRIGGER search_food_rename AFTER UPDATE OF name ON food BEGIN
                INSERT OR IGNORE INTO search_pending SELECT entry_id FROM meal_entry WHERE food_id = new.id;
            END;

            """
        for table in [
            "weight_entry", "meal_entry", "excretion_entry", "walk_entry", "vomit_entry", "symptom_entry", "diary_entry",
            "vaccination_entry", "vaccine_given", "preventive_entry", "vet_visit_entry",
        ] {
            triggers += """
                CREATE TRIGGER search_\(table)_insert AFTER INSERT ON \(table) BEGIN INSERT OR IGNORE INTO search_pending VALUES (new.entry_id); END;
                CREATE TRIGGER search_\(table)_update AFTER UPDATE ON \(table) BEGIN INSERT OR IGNORE INTO search_pending VALUES (new.entry_id); END;
                CREATE TRIGGER search_\(table)_delete AFTER DELETE ON \(table) BEGIN INSERT OR IGNORE INTO search_pending VALUES (old.entry_id); END;

                """
        }
        try db.execute(sql: triggers)
        // The records there are already: indexed by the first write after the upgrade (the
        // server makes one as it starts).
        try db.execute(sql: "INSERT INTO search_pending SELECT id FROM entry WHERE deleted_at IS NULL")
    }
}
