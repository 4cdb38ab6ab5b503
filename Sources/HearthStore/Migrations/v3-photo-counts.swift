import GRDB

extension Migrations {
    static let v3 = Migration("v3 entries count their photos") { db in
        // A pet page's newest photos walked the pet's records newest first until it found
        // some: for a pet with years of records and no photos, every record (7.5 ms for
        // 29,000). With the count kept by triggers, an index holds only records with photos.
        try db.execute(
            sql: """
                ALTER TABLE entry ADD COLUMN photo_count INTEGER NOT NULL DEFAULT 0;
                UPDATE entry SET photo_count = (SELECT count(*) FROM entry_photo WHERE entry_id = entry.id)
                    WHERE id IN (SELECT entry_id FROM entry_photo);
                CREATE TRIGGER entry_photo_added AFTER INSERT ON entry_photo
                    BEGIN UPDATE entry SET photo_count = photo_count + 1 WHERE id = NEW.entry_id; END;
                CREATE TRIGGER entry_photo_removed AFTER DELETE ON entry_photo
                    BEGIN UPDATE entry SET photo_count = photo_count - 1 WHERE id = OLD.entry_id; END;
                CREATE INDEX entry_photos_timeline ON entry(subject_id, occurred_at DESC, id DESC)
                    WHERE deleted_at IS NULL AND photo_count > 0;
                """)
    }
}
