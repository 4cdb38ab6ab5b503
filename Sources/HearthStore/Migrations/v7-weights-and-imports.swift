import GRDB

extension Migrations {
    static let v7 = Migration("v7 people's weight range, imported daily values, import jobs") { db in
        try db.alter(table: "person_goal") { t in
            t.add(column: "weight_min_g", .double)
            t.add(column: "weight_max_g", .double)
        }
        // What a phone export said about a day sits beside what was typed by hand, so a
        // re-import never overwrites a hand value and a hand value always wins on reading.
        try db.alter(table: "daily_value") { t in
            t.add(column: "water_by_hand", .boolean).notNull().defaults(to: false)
            t.add(column: "imported_water_ml", .integer)
            t.add(column: "imported_steps", .integer)
            t.add(column: "imported_weight_g", .double)
        }
        try db.execute(
            sql: """
                UPDATE daily_value SET water_by_hand = 1 WHERE water_ml > 0;
                CREATE VIEW person_day AS
                    SELECT subject_id, local_date,
                           CASE WHEN water_by_hand THEN water_ml ELSE coalesce(imported_water_ml, 0) END AS water_ml,
                           coalesce(steps, imported_steps) AS steps,
                           imported_weight_g
                    FROM daily_value;
                """)
        // One row per import: the progress page reads it while the import runs.
        try db.create(table: "import_job") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("subject_id", .integer).notNull().references("subject", onDelete: .cascade)
            t.column("source", .text).notNull()
            t.column("file_name", .text).notNull()
            t.column("state", .text).notNull().check(sql: "state IN ('running', 'done', 'failed')")
            t.column("bytes_total", .integer).notNull()
            t.column("bytes_read", .integer).notNull().defaults(to: 0)
            t.column("records_read", .integer).notNull().defaults(to: 0)
            t.column("days_written", .integer).notNull().defaults(to: 0)
            t.column("message", .text)
            t.column("created_by", .integer).references("account", onDelete: .setNull)
            t.column("started_at", .datetime).notNull()
            t.column("finished_at", .datetime)
        }
    }
}
