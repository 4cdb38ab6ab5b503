import GRDB

extension Migrations {
    static let v2 = Migration("v2 pets, photos, foods, entries") { db in
        try db.create(table: "photo") { t in
            t.primaryKey("sha256", .text)
            t.column("format", .text).notNull()
            t.column("width", .integer).notNull()
            t.column("height", .integer).notNull()
            t.column("byte_count", .integer).notNull()
            t.column("taken_at", .text)
            t.column("created_at", .datetime).notNull()
        }
        // Anyone whose life is logged: pets now, people later.
        try db.create(table: "subject") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("kind", .text).notNull().check(sql: "kind IN ('pet', 'person')")
            t.column("name", .text).notNull()
            t.column("birth_date", .text)
            t.column("birth_date_estimated", .boolean).notNull().defaults(to: false)
            t.column("sex", .text).notNull().defaults(to: "unknown")
            t.column("photo_sha", .text).references("photo")
            t.column("archived_at", .datetime)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
        try db.create(table: "pet_profile") { t in
            t.primaryKey("subject_id", .integer).references("subject", onDelete: .cascade)
            t.column("species", .text).notNull()
            t.column("species_other", .text)
            t.column("breed", .text)
            t.column("adoption_date", .text)
            t.column("neutered", .boolean)
            t.column("microchip", .text)
            t.column("markings", .text)
            t.column("notes", .text)
            t.column("weight_unit", .text).notNull()
        }
        try db.create(table: "food") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique().collate(.nocase)
            t.column("kind", .text).notNull()
            t.column("kcal_per_100g", .double)
            t.column("created_at", .datetime).notNull()
        }
        try db.create(table: "food_preference") { t in
            t.column("subject_id", .integer).notNull().references("subject", onDelete: .cascade)
            t.column("food_id", .integer).notNull().references("food", onDelete: .cascade)
            t.column("preference", .text).notNull()
            t.primaryKey(["subject_id", "food_id"])
        }
        try db.create(table: "entry") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("subject_id", .integer).notNull().references("subject", onDelete: .cascade)
            t.column("kind", .text).notNull()
            t.column("occurred_at", .datetime).notNull()
            // The household's local day, fixed when the record is written.
            t.column("local_date", .text).notNull()
            t.column("note", .text)
            t.column("created_by", .integer).references("account", onDelete: .setNull)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
            t.column("deleted_at", .datetime)
        }
        // Keyset pagination of a timeline: newest first, all kinds or one kind.
        try db.execute(
            sql: """
                CREATE INDEX entry_timeline ON entry(subject_id, occurred_at DESC, id DESC) WHERE deleted_at IS NULL;
                CREATE INDEX entry_timeline_by_kind ON entry(subject_id, kind, occurred_at DESC, id DESC) WHERE deleted_at IS NULL;
                CREATE INDEX entry_by_day ON entry(subject_id, local_date, occurred_at DESC, id DESC) WHERE deleted_at IS NULL;
                """)
        try db.create(table: "entry_photo") { t in
            t.column("entry_id", .integer).notNull().references("entry", onDelete: .cascade)
            t.column("photo_sha", .text).notNull().references("photo")
            t.column("position", .integer).notNull()
            t.primaryKey(["entry_id", "position"])
        }
        try db.create(index: "entry_photo_by_sha", on: "entry_photo", columns: ["photo_sha"])
        try db.create(table: "weight_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("value", .double).notNull()
            t.column("unit", .text).notNull()
            t.column("grams", .double).notNull()
        }
        try db.create(table: "meal_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("food_id", .integer).notNull().references("food")
            t.column("amount", .double)
            t.column("amount_unit", .text).notNull()
            t.column("outcome", .text).notNull()
        }
        try db.create(table: "excretion_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("urine", .boolean).notNull()
            t.column("stool", .boolean).notNull()
            t.column("colour", .text)
            t.column("fecal_score", .integer)
            t.column("blood", .boolean).notNull()
            t.column("mucus", .boolean).notNull()
        }
        try db.create(table: "vomit_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("times", .integer).notNull()
            t.column("contents", .text)
        }
        try db.create(table: "symptom_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("signs", .text).notNull()
            t.column("severity", .integer).notNull()
            t.column("description", .text)
        }
        try db.create(table: "walk_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("activity", .text).notNull()
            t.column("minutes", .integer).notNull()
            t.column("distance_km", .double)
        }
        try db.create(table: "diary_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("title", .text)
            t.column("body", .text)
        }
    }
}
