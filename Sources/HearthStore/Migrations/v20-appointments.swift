import GRDB

extension Migrations {
    static let v20 = Migration("v20 appointments") { db in
        // Something that happens once at a time, for a pet, a person or the household (no
        // subject). Its day and minute are kept as the household's clock says them (what was
        // typed) beside the instant (for ordering and reminders).
        try db.create(table: "appointment") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("subject_id", .integer).references("subject", onDelete: .cascade)
            t.column("kind", .text).notNull().check(sql: "kind IN ('vet', 'vaccination', 'checkup', 'grooming', 'pickup', 'other')")
            t.column("local_date", .text).notNull()
            t.column("minutes", .integer).notNull()
            t.column("starts_at", .datetime).notNull()
            t.column("clinic_id", .integer).references("clinic", onDelete: .setNull)
            t.column("place", .text)
            t.column("note", .text)
            // What became of it: the record it turned into ("How did it go?"; not entry_id, which
            // names a record kind's detail table), or just done.
            t.column("record_id", .integer).references("entry", onDelete: .setNull)
            t.column("done_at", .datetime)
            t.column("created_by", .integer).references("account", onDelete: .setNull)
            t.column("created_at", .datetime).notNull()
            t.column("deleted_at", .datetime)
        }
        try db.create(index: "appointment_by_day", on: "appointment", columns: ["local_date"])
    }
}
