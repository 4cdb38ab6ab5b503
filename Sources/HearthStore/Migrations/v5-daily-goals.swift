import GRDB

extension Migrations {
    static let v5 = Migration("v5 people's daily goals and daily values") { db in
        // Effective-dated: the goals that hold on a day are the row with the latest
        // `effective_from` on or before it, so a change never rewrites an earlier day.
        try db.create(table: "person_goal") { t in
            t.column("subject_id", .integer).notNull().references("subject", onDelete: .cascade)
            t.column("effective_from", .text).notNull()
            t.column("water_ml", .integer)
            t.column("cup_ml", .integer).notNull()
            t.column("steps", .integer)
            t.column("updated_at", .datetime).notNull()
            t.primaryKey(["subject_id", "effective_from"])
        }
        // One row per person per day, updated in place (not one row per glass).
        try db.create(table: "daily_value") { t in
            t.column("subject_id", .integer).notNull().references("subject", onDelete: .cascade)
            t.column("local_date", .text).notNull()
            t.column("water_ml", .integer).notNull().defaults(to: 0)
            t.column("steps", .integer)
            t.column("updated_at", .datetime).notNull()
            t.primaryKey(["subject_id", "local_date"])
        }
    }
}
