import GRDB

extension Migrations {
    static let v27 = Migration("v27 the clinics /emergency may show, found without reading the register") { db in
        // /emergency lists what may be open now or at night; a national register is 50,000
        // clinics, nearly all with no hours: the few that may be open are held by this index.
        try db.execute(
            sql: """
                CREATE INDEX clinic_emergency ON clinic(id)
                    WHERE (favourite OR open_24_hours OR maybe_24_hours OR licence_key IS NULL OR hours GLOB '*[0-9]*');
                """)
    }
}
