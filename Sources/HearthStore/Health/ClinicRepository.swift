import Foundation
import GRDB
import HearthCore

/// A clinic of the household's directory, as stored.
public struct Clinic: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let input: ClinicInput
    public let district: String?
    /// Imported with "24" in its name, not yet confirmed as open day and night.
    public let maybe24Hours: Bool
    public let imported: Bool
    /// The register's coordinates, as imported.
    let mapX: Double?
    let mapY: Double?

    /// Where the register puts it (its grid made latitude and longitude, when asked: most pages
    /// never do); nil for one typed in.
    public var place: GeoPoint? {
        guard let mapX, let mapY else { return nil }
        return KoreanGrid.register.point(x: mapX, y: mapY)
    }

    public var name: String { input.name }
}

/// The household's clinic directory.
public struct ClinicRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Favourites first, then by district and name.
    public func clinics() throws -> [Clinic] {
        try database.read { db in try Self.clinics(db) }
    }

    /// The directory's order: favourites first, then by district and name (index `clinic_directory_order`).
    static let directoryOrder = "favourite DESC, district IS NULL, district, name COLLATE NOCASE"

    static func clinics(_ db: Database) throws -> [Clinic] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM clinic ORDER BY \(directoryOrder)")).map(
            Self.clinic(from:))
    }

    /// What `/emergency` may show, without reading a register of 50,000: the clinics the
    /// household has made its own or given hours, or that are open day and night (the partial
    /// index `clinic_emergency`, v27); of the register's "24" guesses beyond those, the `limit`
    /// nearest the grid point `near` (by name when home is not known; `clinic_maybe_24`) and
    /// how many there are; whether the directory holds any clinic, and whether any has a place.
    public func emergency(near: (x: Double, y: Double)?, limit: Int) throws -> Emergency {
        try database.read { db in
            let known = try Row.fetchAll(db.cachedStatement(sql: Self.knownQuery)).map(Self.clinic(from:))
            let guesses = "maybe_24_hours AND NOT \(Self.known)"
            let order = near == nil ? "name COLLATE NOCASE" : "map_x IS NULL, (map_x - ?1) * (map_x - ?1) + (map_y - ?2) * (map_y - ?2), id"
            let maybe = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM clinic WHERE \(guesses) ORDER BY \(order) LIMIT ?3"),
                arguments: [near?.x ?? 0, near?.y ?? 0, max(0, limit)]
            ).map(Self.clinic(from:))
            let maybeCount = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM clinic WHERE \(guesses)")) ?? 0
            let any = try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM clinic)")) ?? false
            let placed =
                try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM clinic WHERE map_x IS NOT NULL AND map_y IS NOT NULL)")) ?? false
            return Emergency(known: known, maybe: maybe, maybeCount: maybeCount, any: any, anyPlaced: placed)
        }
    }

    public struct Emergency: Sendable {
        /// Favourites, the household's own, those with hours or open day and night.
        public let known: [Clinic]
        /// The nearest (or first by name) of the register's "24" guesses not among `known`, and how many there are.
        public let maybe: [Clinic]
        public let maybeCount: Int
        public let any: Bool
        public let anyPlaced: Bool
    }

    /// The condition of the partial index `clinic_emergency`, as v27 wrote it (SQLite uses the
    /// index only for the same expression).
    static let known = "(favourite OR open_24_hours OR licence_key IS NULL OR hours GLOB '*[0-9]*')"

    /// Through that index, named: left to itself, SQLite walks the directory's order over the
    /// whole register to save sorting a few rows (24 ms a page at 50,000 clinics).
    static let knownQuery = "SELECT * FROM clinic INDEXED BY clinic_emergency WHERE \(known) ORDER BY \(directoryOrder)"

    public func favourites() throws -> [Clinic] {
        try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM clinic WHERE favourite ORDER BY name COLLATE NOCASE")).map(Self.clinic(from:))
        }
    }

    /// The clinics "where home is" may be chosen near: favourites and those the household typed,
    /// and the register's too while it holds at most 200 (a national one is 50,000: no list to pick from).
    public func homeChoices() throws -> [Clinic] {
        try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM clinic WHERE \(try Self.offered(db)) AND map_x IS NOT NULL LIMIT 500")).map(
                Self.clinic(from:))
        }
    }

    /// Which clinics a list to pick from offers (an SQL condition): every one while the register
    /// brought at most 200, else the household's own (favourites and those typed in, through
    /// the partial index `clinic_own`). Whether it brought more is counted no further than 201.
    static func offered(_ db: Database) throws -> String {
        let imported = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM (SELECT 1 FROM clinic WHERE licence_key IS NOT NULL LIMIT 201)")) ?? 0
        return imported <= 200 ? "1" : "(favourite OR licence_key IS NULL)"
    }

    /// A page of the directory in its order (favourites first, then by district and name), and
    /// how many clinics it holds: a national register is 50,000 clinics, never one page.
    public func page(offset: Int, limit: Int) throws -> (clinics: [Clinic], total: Int) {
        try database.read { db in
            let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM clinic")) ?? 0
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM clinic ORDER BY \(Self.directoryOrder) LIMIT ? OFFSET ?"),
                arguments: [max(0, limit), max(0, offset)])
            return (rows.map(Self.clinic(from:)), total)
        }
    }

    /// The clinics other than favourites nearest the grid point (`x`, `y`) first, then those no
    /// place is known for (by name): a page of their ids, and how many there are. Found through
    /// the R*Tree of places (v37): the clinics in a box around the point, the box doubled until
    /// the circle inside it holds the page (every clinic outside that circle is farther than
    /// every one in it), so a page near home reads a few hundred clinics, not 50,000. A box that
    /// would hold thousands (a register piled in one place) is no help: then SQLite sorts them all.
    public func nearest(x: Double, y: Double, offset: Int, limit: Int) throws -> (ids: [Int64], total: Int) {
        let offset = max(0, offset), limit = max(0, limit)
        return try database.read { db in
            let favouritesPlaced =
                try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM clinic WHERE favourite AND map_x IS NOT NULL AND map_y IS NOT NULL")) ?? 0
            // The R*Tree's own table of its rows (SQLite's `<name>_rowid`): counted from its b-tree,
            // where counting the R*Tree itself walks every entry.
            let placed = (try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM clinic_place_rowid")) ?? 0) - favouritesPlaced
            let unplaced = "FROM clinic WHERE (map_x IS NULL OR map_y IS NULL) AND NOT favourite"
            let unplacedCount = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) \(unplaced)")) ?? 0
            let distance = "(c.map_x - ?1) * (c.map_x - ?1) + (c.map_y - ?2) * (c.map_y - ?2)"
            let box = "p.min_x <= ?1 + ?3 AND p.max_x >= ?1 - ?3 AND p.min_y <= ?2 + ?3 AND p.max_y >= ?2 - ?3"
            var ids: [Int64]?
            var radius = 1_000.0  // metres of the register's grid
            while ids == nil, offset < placed, radius < 1e7 {
                let inBox = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM clinic_place p WHERE \(box)"), arguments: [x, y, radius]) ?? 0
                if inBox > Self.mostInBox { break }
                if inBox >= offset + limit + favouritesPlaced || inBox >= placed + favouritesPlaced {
                    let rows = try Row.fetchAll(
                        db.cachedStatement(
                            sql:
                                "SELECT c.id, \(distance) FROM clinic_place p CROSS JOIN clinic c ON c.id = p.id WHERE \(box) AND NOT c.favourite ORDER BY 2, 1"
                        ),
                        arguments: [x, y, radius])
                    // The whole register in the box: its order is the order. Else only the circle's is sure.
                    let sure = rows.count >= placed ? rows : rows.filter { ($0[1] as Double? ?? .infinity) <= radius * radius }
                    if sure.count >= offset + limit || rows.count >= placed { ids = sure.dropFirst(offset).prefix(limit).map { $0[0] } }
                }
                radius *= 2
            }
            if ids == nil, offset < placed {
                ids = try Int64.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT c.id FROM clinic c WHERE NOT favourite AND map_x IS NOT NULL AND map_y IS NOT NULL ORDER BY \(distance), id LIMIT ?3 OFFSET ?4
                            """), arguments: [x, y, limit, offset])
            }
            var page = ids ?? []
            if page.count < limit {
                page += try Int64.fetchAll(
                    db.cachedStatement(sql: "SELECT id \(unplaced) ORDER BY name COLLATE NOCASE LIMIT ? OFFSET ?"),
                    arguments: [limit - page.count, max(0, offset + page.count - placed)])
            }
            return (page, placed + unplacedCount)
        }
    }

    /// Past this many clinics in the box, sorting the register is as quick as reading them.
    static let mostInBox = 3_000

    /// The clinics of `ids`, in that order.
    public func clinics(ids: [Int64]) throws -> [Clinic] {
        guard !ids.isEmpty else { return [] }
        let rows = try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM clinic WHERE id IN (SELECT value FROM json_each(?))"),
                arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]"])
        }
        let byID = Dictionary(uniqueKeysWithValues: rows.map(Self.clinic(from:)).map { ($0.id, $0) })
        return ids.compactMap { byID[$0] }
    }

    /// Clinics whose name, address or note holds every word (at most `limit`), in the
    /// directory's order: words of three letters or more through the trigram index (v26), the
    /// shorter ones by LIKE among what it found — never by loading the register.
    public func search(words: [String], limit: Int) throws -> [Clinic] {
        let words = Array(words.filter { !$0.isEmpty }.prefix(8))
        guard !words.isEmpty else { return [] }
        let long = words.filter { $0.count >= 3 }, short = words.filter { $0.count < 3 }
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if !long.isEmpty {
            conditions.append("id IN (SELECT rowid FROM clinic_search WHERE clinic_search MATCH ?)")
            arguments.append(long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " AND "))
        }
        for word in short {
            conditions.append("(name || ' ' || ifnull(address, '') || ' ' || ifnull(note, '')) LIKE ? ESCAPE '\\'")
            arguments.append(
                "%" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                    + "%")
        }
        arguments.append(limit)
        return try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM clinic WHERE \(conditions.joined(separator: " AND "))
                        ORDER BY \(Self.directoryOrder) LIMIT ?
                        """),
                arguments: StatementArguments(arguments)
            ).map(Self.clinic(from:))
        }
    }

    /// The household's first favourite, for the health card.
    public func favourite() throws -> Clinic? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM clinic WHERE favourite ORDER BY name COLLATE NOCASE LIMIT 1")).map(Self.clinic(from:))
        }
    }

    public func clinic(id: Int64) throws -> Clinic? {
        try database.read { db in try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM clinic WHERE id = ?"), arguments: [id]).map(Self.clinic(from:)) }
    }

    /// For the pickers on the care and appointment forms: id and name, favourites first, then
    /// by name — the household's own clinics, and the register's while it holds at most 200 (a
    /// national one is 50,000: no list to pick from; its clinics are found on /clinics and
    /// made favourites there), and `including` (the one a record or appointment has).
    public func names(including: Int64? = nil) throws -> [(id: Int64, name: String)] {
        try database.read { db in
            var names: [(id: Int64, name: String)] = try Row.fetchAll(
                db.cachedStatement(sql: "SELECT id, name FROM clinic WHERE \(try Self.offered(db)) ORDER BY favourite DESC, name COLLATE NOCASE")
            ).map { ($0[0], $0[1]) }
            if let including, !names.contains(where: { $0.id == including }),
                let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM clinic WHERE id = ?"), arguments: [including])
            {
                names.append((including, name))
            }
            return names
        }
    }

    public func create(_ clinic: ClinicInput, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO clinic (name, phone, address, district, hours, open_24_hours, favourite, note, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    clinic.name, clinic.phone, clinic.address, clinic.address.flatMap(KoreanAddress.district), clinic.hours.stored,
                    clinic.open24Hours, clinic.favourite, clinic.note, now, now,
                ])
            return db.lastInsertedRowID
        }
    }

    /// Saving confirms an imported "24" guess either way: the household has looked at it.
    public func update(id: Int64, _ clinic: ClinicInput, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE clinic SET name = ?, phone = ?, address = ?, district = coalesce(?, district), hours = ?, open_24_hours = ?, maybe_24_hours = 0,
                        favourite = ?, note = ?, updated_at = ? WHERE id = ?
                    """,
                arguments: [
                    clinic.name, clinic.phone, clinic.address, clinic.address.flatMap(KoreanAddress.district), clinic.hours.stored,
                    clinic.open24Hours, clinic.favourite, clinic.note, now, id,
                ])
            if db.changesCount == 0 { throw StoreError.clinicNotFound }
        }
    }

    /// Records keep the clinic's name; only the link to the directory goes.
    public func delete(id: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM clinic WHERE id = ?", arguments: [id])
            if db.changesCount == 0 { throw StoreError.clinicNotFound }
        }
    }

    /// Writes a licence register's clinics in one transaction: a clinic already imported
    /// (same licence key) has its register fields updated and keeps the household's own
    /// (hours, favourite, note, a confirmed 24-hour flag). Returns (added, updated).
    public func importLicensed(_ clinics: [LicensedClinic], now: Date = Date()) async throws -> (added: Int, updated: Int) {
        try await database.write { db in
            var added = 0, updated = 0
            let existing = try Set(String.fetchAll(db.cachedStatement(sql: "SELECT licence_key FROM clinic WHERE licence_key IS NOT NULL")))
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO clinic (licence_key, name, phone, address, district, maybe_24_hours, map_x, map_y, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(licence_key) DO UPDATE SET name = excluded.name, phone = excluded.phone, address = excluded.address,
                        district = excluded.district, maybe_24_hours = excluded.maybe_24_hours AND NOT clinic.open_24_hours,
                        map_x = excluded.map_x, map_y = excluded.map_y, updated_at = excluded.updated_at
                    """)
            for clinic in clinics {
                try insert.execute(arguments: [
                    clinic.key, clinic.name, clinic.phone, clinic.address, clinic.district, clinic.maybe24Hours,
                    clinic.mapX, clinic.mapY, now, now,
                ])
                if existing.contains(clinic.key) { updated += 1 } else { added += 1 }
            }
            return (added, updated)
        }
    }

    private static func clinic(from row: Row) -> Clinic {
        Clinic(
            id: row["id"],
            input: ClinicInput(
                name: row["name"], phone: row["phone"], address: row["address"], hours: OpeningHours(stored: row["hours"]),
                open24Hours: row["open_24_hours"], favourite: row["favourite"], note: row["note"]),
            district: row["district"], maybe24Hours: row["maybe_24_hours"], imported: (row["licence_key"] as String?) != nil,
            mapX: row["map_x"], mapY: row["map_y"])
    }

    // MARK: Where home is

    public func home() throws -> GeoPoint? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT home_latitude, home_longitude FROM household WHERE home_latitude IS NOT NULL")).map {
                GeoPoint(latitude: $0[0], longitude: $0[1])
            }
        }
    }

    /// Sets (or, with nil, forgets) where home is.
    public func setHome(_ point: GeoPoint?) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE household SET home_latitude = ?, home_longitude = ?", arguments: [point?.latitude, point?.longitude])
        }
    }
}
