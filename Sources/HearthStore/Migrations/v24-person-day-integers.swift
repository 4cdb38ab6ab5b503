import GRDB

extension Migrations {
    static let v24 = Migration("v24 a person's day reads as whole numbers") { db in
        // Water past what an integer holds (a sum that overflowed, written before the API kept
        // its bounds) became a REAL, which no page could read as a whole number. CAST saturates
        // at the integer's ends: the value is shown as large as it is, and no read traps on it.
        try db.execute(
            sql: """
                DROP VIEW person_day;
                CREATE VIEW person_day AS
                    SELECT subject_id, local_date,
                           CAST(CASE WHEN water_by_hand THEN water_ml ELSE coalesce(imported_water_ml, 0) END AS INTEGER) AS water_ml,
                           CAST(coalesce(steps, imported_steps) AS INTEGER) AS steps,
                           imported_weight_g
                    FROM daily_value;
                """)
    }
}
