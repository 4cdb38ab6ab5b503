import GRDB

extension Migrations {
    static let v26 = Migration("v26 the clinic directory searched and paged by SQLite") { db in
        // A national register is 50,000 clinics (the import takes up to 380,000): searched by
        // an index of name, address and note (trigram, as the medicine catalogue's: a word of
        // three letters or more is found through it) and listed a page at a time in the
        // directory's order, which an index holds, instead of read whole for every page.
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE clinic_search USING fts5(name, address, note, content='clinic', content_rowid='id', tokenize='trigram');
                INSERT INTO clinic_search(rowid, name, address, note) SELECT id, name, address, note FROM clinic;
                CREATE TRIGGER clinic_search_insert AFTER INSERT ON clinic BEGIN
                    INSERT INTO clinic_search(rowid, name, address, note) VALUES (new.id, new.name, new.address, new.note);
                END;
                CREATE TRIGGER clinic_search_delete AFTER DELETE ON clinic BEGIN
                    INSERT INTO clinic_search(clinic_search, rowid, name, address, note) VALUES ('delete', old.id, old.name, old.address, old.note);
                END;
                CREATE TRIGGER clinic_search_update AFTER UPDATE OF name, address, note ON clinic BEGIN
                    INSERT INTO clinic_search(clinic_search, rowid, name, address, note) VALUES ('delete', old.id, old.name, old.address, old.note);
                    INSERT INTO clinic_search(rowid, name, address, note) VALUES (new.id, new.name, new.address, new.note);
                END;
                CREATE INDEX clinic_directory_order ON clinic(favourite DESC, district IS NULL, district, name COLLATE NOCASE);
                -- The household's own clinics among a register's thousands: what the pickers offer.
                CREATE INDEX clinic_own ON clinic(name COLLATE NOCASE) WHERE favourite OR licence_key IS NULL;
                """)
    }
}
