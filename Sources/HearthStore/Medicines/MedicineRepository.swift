import Foundation
import GRDB
import HearthCore

/// A catalogue item as stored.
public struct Medicine: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let input: MedicineInput
    public let imported: Bool
    /// Its photo (the box, the blister), when one was taken.
    public var photoSHA: String? = nil

    public var name: String { input.name }
}

/// The household's catalogue of medicines and supplements, searched with FTS5.
public struct MedicineRepository: Sendable {
    let database: AppDatabase

    /// The DUR lists, which come in through the catalogue's import.
    public var interactions: InteractionRepository { InteractionRepository(database) }
    /// The pill-identification list, which comes in the same way.
    public var pills: PillRepository { PillRepository(database) }

    public init(_ database: AppDatabase) { self.database = database }

    /// What a search found: at most `limit` items, and whether there were more than `broad`.
    public struct Found: Sendable {
        public let items: [Medicine]
        /// So many match that only some are shown, by name: the member should add a word.
        public let narrowed: Bool
    }

    /// The first `limit` items by name, or those matching every word of `query` in name,
    /// company, ingredients or classification, best first.
    public func search(_ query: String, limit: Int = 50) throws -> [Medicine] { try find(query, limit: limit).items }

    /// As `search`, saying whether the matches were too many to rank. Ranking (bm25) reads
    /// every match: 21 ms for an ingredient in a sixth of 50,000 items, against 0.4 ms to
    /// take the first matches unranked. So up to `broad` matches are ranked; beyond, the
    /// first `limit` are shown by name and the page asks for another word.
    public func find(_ query: String, limit: Int = 50, broad: Int = 200) throws -> Found {
        try database.read { db in
            let terms = Self.terms(query)
            guard !terms.isEmpty else {
                return Found(
                    items: try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM medicine ORDER BY name COLLATE NOCASE, id LIMIT ?"), arguments: [limit])
                        .map(Self.medicine(from:)), narrowed: false)
            }
            if terms.allSatisfy({ $0.count >= 3 }) {
                // Each term quoted (a phrase of its characters), all of them required.
                let match = terms.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
                let first = try Int64.fetchAll(
                    db.cachedStatement(sql: "SELECT rowid FROM medicine_search WHERE medicine_search MATCH ? LIMIT ?"), arguments: [match, broad + 1])
                if first.count > broad {
                    let shown = first.prefix(limit).map(String.init).joined(separator: ",")
                    let items = try Row.fetchAll(db, sql: "SELECT * FROM medicine WHERE id IN (\(shown)) ORDER BY name COLLATE NOCASE, id").map(
                        Self.medicine(from:))
                    return Found(items: items, narrowed: true)
                }
                return Found(
                    items: try Row.fetchAll(
                        db.cachedStatement(
                            sql: """
                                SELECT m.* FROM medicine_search JOIN medicine m ON m.id = medicine_search.rowid
                                WHERE medicine_search MATCH ? ORDER BY rank, m.id LIMIT ?
                                """), arguments: [match, limit]
                    ).map(Self.medicine(from:)), narrowed: false)
            }
            // Trigrams need three characters: shorter terms are looked for with LIKE, in name
            // order, which stops after `limit` matches (a common letter is quick; a rare one
            // reads every row, a few milliseconds at 50,000 items).
            let condition = terms.map { _ in "(name LIKE ?1 OR company LIKE ?1 OR ingredients LIKE ?1 OR classification LIKE ?1)" }
            var sql = "SELECT * FROM medicine WHERE "
            var arguments: [DatabaseValueConvertible] = []
            for (index, term) in terms.enumerated() {
                sql += (index > 0 ? " AND " : "") + condition[index].replacingOccurrences(of: "?1", with: "?\(index + 1)")
                arguments.append("%" + term.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "") + "%")
            }
            sql += " ORDER BY name COLLATE NOCASE, id LIMIT \(limit)"
            return Found(items: try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map(Self.medicine(from:)), narrowed: false)
        }
    }

    /// The words of a search, at most eight, each at most 50 characters.
    static func terms(_ query: String) -> [String] {
        Array(query.split(whereSeparator: { $0.isWhitespace }).map { String($0.prefix(50)) }.prefix(8))
    }

    public func medicine(id: Int64) throws -> Medicine? {
        try database.read { db in try Self.medicine(id: id, db) }
    }

    static func medicine(id: Int64, _ db: Database) throws -> Medicine? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM medicine WHERE id = ?"), arguments: [id]).map(Self.medicine(from:))
    }

    /// The catalogue's items of `ids` by id (a regimen's items name them; one gone is left out).
    static func medicines(ids: some Collection<Int64>, _ db: Database) throws -> [Int64: Medicine] {
        guard !ids.isEmpty else { return [:] }
        let rows = try Row.fetchAll(
            db, sql: "SELECT * FROM medicine WHERE id IN (\(databaseQuestionMarks(count: ids.count)))", arguments: StatementArguments(Array(ids)))
        return Dictionary(rows.map(Self.medicine(from:)).map { ($0.id, $0) }) { first, _ in first }
    }

    public func count() throws -> Int {
        try database.read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM medicine")) ?? 0 }
    }

    public func create(_ medicine: MedicineInput, photo: PhotoRecord? = nil, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            try photo?.insertIfMissing(db, now: now)
            try Self.insert(medicine, key: nil, now: now, db)
            let id = db.lastInsertedRowID
            if let photo { try db.execute(sql: "UPDATE medicine SET photo_sha = ? WHERE id = ?", arguments: [photo.sha256, id]) }
            return id
        }
    }

    /// Saves an edit; with `newPhoto`, the photo is replaced and the old one's digest returned
    /// (for its file to go when nothing else uses it).
    @discardableResult
    public func update(id: Int64, _ medicine: MedicineInput, newPhoto: PhotoRecord? = nil, now: Date = Date()) async throws -> String? {
        try await database.write { db in
            var replaced: String?
            if let newPhoto {
                try newPhoto.insertIfMissing(db, now: now)
                replaced = try String.fetchOne(db.cachedStatement(sql: "SELECT photo_sha FROM medicine WHERE id = ?"), arguments: [id])
                try db.execute(sql: "UPDATE medicine SET photo_sha = ? WHERE id = ?", arguments: [newPhoto.sha256, id])
            }
            try db.execute(
                sql: """
                    UPDATE medicine SET kind = ?, name = ?, company = ?, ingredients = ?, classification = ?, form = ?, prescription = ?,
                        purpose = ?, how_to_take = ?, warnings = ?, notes = ?, updated_at = ? WHERE id = ?
                    """, arguments: StatementArguments(Self.values(medicine) + [now, id]))
            if db.changesCount == 0 { throw StoreError.recordNotFound }
            return replaced == newPhoto?.sha256 ? nil : replaced
        }
    }

    /// Writes a public list in one transaction: an item already imported (same key) is
    /// updated, keeping the household's notes. Returns (added, updated).
    public func importListed(
        _ items: [ListedMedicine], now: Date = Date(), written: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> (added: Int, updated: Int) {
        try await importListed(now: now, written: written) { write in for item in items { _ = try write(item) } }
    }

    /// Writes what `produce` hands over, as it reads it, in one transaction: a list of any
    /// size in flat memory, all or nothing. `write` answers false for an item this import has
    /// already written (the same list number twice in a file).
    public func importListed(
        now: Date = Date(), written: @escaping @Sendable (Int) -> Void = { _ in },
        _ produce: @escaping @Sendable (_ write: (ListedMedicine) throws -> Bool) throws -> Void
    ) async throws -> (added: Int, updated: Int) {
        try await database.write { db in
            var added = 0, updated = 0
            let find = try db.makeStatement(sql: "SELECT id, updated_at = ? FROM medicine WHERE list_key = ?")
            let change = try db.makeStatement(
                sql: """
                    UPDATE medicine SET kind = ?, name = ?, company = ?, ingredients = ?, classification = ?, form = ?, prescription = ?,
                        purpose = ?, how_to_take = ?, warnings = ?, updated_at = ? WHERE id = ?
                    """)
            try produce { item in
                if let row = try Row.fetchOne(find, arguments: [now, item.key]) {
                    if row[1] as Bool { return false }
                    var values = Self.values(item.medicine)
                    values.remove(at: values.count - 1)  // the household's notes stay
                    try change.execute(arguments: StatementArguments(values + [now, row[0] as Int64]))
                    updated += 1
                } else {
                    try Self.insert(item.medicine, key: item.key, now: now, db)
                    added += 1
                }
                if (added + updated) % 1000 == 0 { written(added + updated) }
                return true
            }
            return (added, updated)
        }
    }

    private static func insert(_ medicine: MedicineInput, key: String?, now: Date, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO medicine (kind, name, company, ingredients, classification, form, prescription, purpose, how_to_take, warnings, notes,
                    list_key, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: StatementArguments(values(medicine) + [key, now, now]))
    }

    private static func values(_ medicine: MedicineInput) -> [DatabaseValueConvertible?] {
        [
            medicine.kind.rawValue, medicine.name, medicine.company, medicine.ingredients, medicine.classification, medicine.form,
            medicine.prescription, medicine.purpose, medicine.howToTake, medicine.warnings, medicine.notes,
        ]
    }

    private static func medicine(from row: Row) -> Medicine {
        Medicine(
            id: row["id"],
            input: MedicineInput(
                kind: MedicineInput.Kind(rawValue: row["kind"]) ?? .medicine, name: row["name"], company: row["company"],
                ingredients: row["ingredients"], classification: row["classification"], form: row["form"], prescription: row["prescription"],
                purpose: row["purpose"], howToTake: row["how_to_take"], warnings: row["warnings"], notes: row["notes"]),
            imported: (row["list_key"] as String?) != nil, photoSHA: row["photo_sha"])
    }
}
