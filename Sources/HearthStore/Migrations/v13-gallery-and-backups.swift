import GRDB

extension Migrations {
    static let v13 = Migration("v13 favourite photos, the household gallery, backups") { db in
        // A favourite belongs to the photo, for the whole household (the cat diary's star);
        // the household gallery walks records with photos newest first, across subjects.
        try db.execute(
            sql: """
                ALTER TABLE photo ADD COLUMN favourite_at DATETIME;
                CREATE INDEX entry_photos_newest ON entry(occurred_at DESC, id DESC) WHERE deleted_at IS NULL AND photo_count > 0;
                ALTER TABLE household ADD COLUMN backup_folder TEXT;
                """)
        // Each backup the server made or tried: settings shows the last one and any failure.
        try db.create(table: "backup_run") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("started_at", .datetime).notNull()
            t.column("finished_at", .datetime)
            t.column("trigger", .text).notNull().check(sql: "trigger IN ('nightly', 'now')")
            t.column("file_name", .text)
            t.column("byte_count", .integer)
            t.column("error", .text)
        }
    }
}
