import GRDB

extension Migrations {
    static let v27 = Migration("v27 the clinics /emergency may show, found without reading the register") { db in
        // /emergency lists what may be open now or at night; a national register is 50,000
        // clinics, nearly all with no hours. The household's own, those with hours or open day
        // and night are held by one index; the register's "24" guesses by another, by place,
        // for the nearest few.
        try db.execute(
            sql: """
                CREATE INDEX clinic_emergency ON clinic(id)
                    WHERE (favourite OR open_24_hours OR licence_key IS NULL OR hours GLOB '*[0-9]*');
                CREATE INDEX clinic_maybe_24 ON clinic(map_x, map_y) WHERE maybe_24_hours;
                """)
    }
}
