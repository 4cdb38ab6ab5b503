import GRDB

extension Migrations {
    static let v10 = Migration("v10 pet health: vaccinations, preventives, vet visits, clinics, feeding") { db in
        try db.execute(
            sql: """
                ALTER TABLE household ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD';
                UPDATE household SET currency = 'KRW' WHERE language = 'ko';
                ALTER TABLE pet_profile ADD COLUMN feeding_stage TEXT NOT NULL DEFAULT 'automatic';
                ALTER TABLE pet_profile ADD COLUMN target_weight_grams REAL;
                ALTER TABLE pet_profile ADD COLUMN meals_per_day INTEGER NOT NULL DEFAULT 2;
                ALTER TABLE pet_profile ADD COLUMN feeding_food_id INTEGER REFERENCES food(id) ON DELETE SET NULL;
                """)
        try db.create(table: "clinic") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull()
            t.column("phone", .text)
            t.column("address", .text)
            // The district (시·군·구) read from the address: how imported clinics are grouped.
            t.column("district", .text)
            t.column("hours", .text).notNull().defaults(to: "")
            t.column("open_24_hours", .boolean).notNull().defaults(to: false)
            // "24" in an imported name: for the household to confirm.
            t.column("maybe_24_hours", .boolean).notNull().defaults(to: false)
            t.column("favourite", .boolean).notNull().defaults(to: false)
            t.column("note", .text)
            // The licence register's own number, so importing again updates instead of adding.
            t.column("licence_key", .text).unique()
            t.column("map_x", .double)
            t.column("map_y", .double)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
        try db.create(index: "clinic_by_name", on: "clinic", columns: ["name"])
        try db.create(table: "vaccination_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("clinic_id", .integer).references("clinic", onDelete: .setNull)
            t.column("clinic_name", .text)
            t.column("vet", .text)
        }
        try db.create(table: "vaccine_given") { t in
            t.column("entry_id", .integer).notNull().references("entry", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("code", .text)
            t.column("name", .text).notNull()
            t.column("batch", .text)
            t.column("next_due", .text)
            t.primaryKey(["entry_id", "position"])
        }
        try db.create(table: "preventive_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("kind", .text).notNull()
            t.column("product", .text)
            t.column("cycle", .text).notNull()
            t.column("next_due", .text)
        }
        try db.create(table: "vet_visit_entry") { t in
            t.primaryKey("entry_id", .integer).references("entry", onDelete: .cascade)
            t.column("clinic_id", .integer).references("clinic", onDelete: .setNull)
            t.column("clinic_name", .text)
            t.column("reason", .text)
            t.column("diagnosis", .text)
            t.column("treatment", .text)
            t.column("medicines", .text)
            t.column("cost", .double)
            t.column("currency", .text)
            t.column("follow_up", .text)
        }
        // The household's own booster intervals (rabies yearly where the law says so).
        try db.create(table: "vaccine_interval") { t in
            t.primaryKey("code", .text)
            t.column("booster_months", .integer).notNull()
        }
        try db.create(table: "own_vaccine") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("species", .text).notNull()
            t.column("name", .text).notNull()
            t.column("booster_months", .integer).notNull()
            t.column("created_at", .datetime).notNull()
            t.uniqueKey(["species", "name"])
        }
    }
}
