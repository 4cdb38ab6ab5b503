import GRDB

extension Migrations {
    static let v28 = Migration("v28 the public DUR and pill lists written in batches") { db in
        // A list is written a batch a transaction over the one before (same key: written over);
        // what the new list no longer has is told by the import it came in with, and goes last.
        try db.execute(
            sql: """
                ALTER TABLE dur_pair ADD COLUMN imported_at DATETIME;
                ALTER TABLE dur_elderly ADD COLUMN imported_at DATETIME;
                ALTER TABLE pill ADD COLUMN imported_at DATETIME;
                """)
    }
}
