import Foundation
import GRDB
import HearthCore

/// A record as stored and read back.
public struct StoredEntry: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let subjectID: Int64
    public let occurredAt: Date
    public let localDate: LocalDate
    public let note: String?
    public internal(set) var details: RecordDetails
    /// For meals: the food's name and kind, resolved.
    public let foodName: String?
    public let foodKind: FoodKind?
    /// Photo digests, in order.
    public internal(set) var photos: [String]
    public let authorName: String?
    public let deletedAt: Date?
    /// For a weight: the pet's weight recorded just before this one, in grams.
    public let previousWeightGrams: Double?

    public var kind: EntryKind { details.kind }
}

/// Where a timeline page starts: just older than this record.
public struct TimelineCursor: Sendable, Equatable, CustomStringConvertible {
    public let occurredAt: Date
    public let id: Int64

    public init(occurredAt: Date, id: Int64) {
        self.occurredAt = occurredAt
        self.id = id
    }

    /// `<milliseconds since 1970>_<id>`, for a URL.
    public init?(_ text: String) {
        let parts = text.split(separator: "_")
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let id = Int64(parts[1]) else { return nil }
        self.init(occurredAt: Date(timeIntervalSince1970: Double(milliseconds) / 1000), id: id)
    }

    public var description: String { "\(Int64((occurredAt.timeIntervalSince1970 * 1000).rounded()))_\(id)" }
}

/// One pet's records: written with their details and photos in one transaction,
/// edited, soft-deleted and restored, and read back as pages of a timeline.
public struct EntryRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func create(subjectID: Int64, _ input: RecordInput, photos: [PhotoRecord], createdBy: Int64?, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM subject WHERE id = ?", arguments: [subjectID]) == true else { throw StoreError.subjectNotFound }
            try db.execute(
                sql: """
                    INSERT INTO entry (subject_id, kind, occurred_at, local_date, note, created_by, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [subjectID, input.details.kind.rawValue, input.occurredAt, input.localDate.description, input.note, createdBy, now, now])
            let id = db.lastInsertedRowID
            try Self.writeDetails(entryID: id, input.details, now: now, db)
            try Self.attach(photos, to: id, startingAt: 0, now: now, db)
            return id
        }
    }

    /// Writes many records in one transaction: imports and the demo household.
    public func createMany(subjectID: Int64, _ records: [(RecordInput, [PhotoRecord])], createdBy: Int64?, now: Date = Date()) async throws {
        try await database.write { db in
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO entry (subject_id, kind, occurred_at, local_date, note, created_by, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for (input, photos) in records {
                try insert.execute(arguments: [
                    subjectID, input.details.kind.rawValue, input.occurredAt, input.localDate.description, input.note, createdBy, now, now,
                ])
                let id = db.lastInsertedRowID
                try Self.writeDetails(entryID: id, input.details, now: now, db)
                try Self.attach(photos, to: id, startingAt: 0, now: now, db)
            }
        }
    }

    /// Saves an edit. Photos in `keeping` stay (in that order), `adding` follow; returns
    /// the digests no longer attached, for the caller to clean up.
    public func update(id: Int64, _ input: RecordInput, keeping: [String], adding: [PhotoRecord], now: Date = Date()) async throws -> [String] {
        try await database.write { db in
            guard let kind = try String.fetchOne(db, sql: "SELECT kind FROM entry WHERE id = ? AND deleted_at IS NULL", arguments: [id]) else {
                throw StoreError.recordNotFound
            }
            guard kind == input.details.kind.rawValue else { throw StoreError.kindMismatch }
            try db.execute(
                sql: "UPDATE entry SET occurred_at = ?, local_date = ?, note = ?, updated_at = ? WHERE id = ?",
                arguments: [input.occurredAt, input.localDate.description, input.note, now, id])
            for table in Self.detailTables { try db.execute(sql: "DELETE FROM \(table) WHERE entry_id = ?", arguments: [id]) }
            try Self.writeDetails(entryID: id, input.details, now: now, db)
            let before = try String.fetchAll(db, sql: "SELECT photo_sha FROM entry_photo WHERE entry_id = ? ORDER BY position", arguments: [id])
            let kept = keeping.filter(before.contains)
            try db.execute(sql: "DELETE FROM entry_photo WHERE entry_id = ?", arguments: [id])
            for (position, sha) in kept.enumerated() {
                try db.execute(sql: "INSERT INTO entry_photo (entry_id, photo_sha, position) VALUES (?, ?, ?)", arguments: [id, sha, position])
            }
            try Self.attach(adding, to: id, startingAt: kept.count, now: now, db)
            return before.filter { !kept.contains($0) }
        }
    }

    /// Deleting is soft: the record disappears from every page but can be restored.
    public func delete(id: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE entry SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL", arguments: [now, now, id])
            if db.changesCount == 0 { throw StoreError.recordNotFound }
        }
    }

    public func restore(id: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE entry SET deleted_at = NULL, updated_at = ? WHERE id = ? AND deleted_at IS NOT NULL", arguments: [now, id])
            if db.changesCount == 0 { throw StoreError.recordNotFound }
        }
    }

    /// One record, deleted or not.
    public func entry(id: Int64) async throws -> StoredEntry? {
        try database.read { db in
            try Self.fetch(db, where: "e.id = ?", arguments: [id], limit: 1).first
        }
    }

    /// A page of one pet's timeline, newest first: at most `limit` records older than
    /// `before`, of the given kinds (all when empty), on local days from `from` to `to`.
    public func timeline(
        subjectID: Int64, kinds: [EntryKind] = [], from: LocalDate? = nil, to: LocalDate? = nil,
        before: TimelineCursor? = nil, limit: Int = 30
    ) async throws -> [StoredEntry] {
        try database.read { db in
            try Self.timeline(subjectID: subjectID, TimelineFilter(kinds: kinds, from: from, to: to, before: before), limit: limit, db)
        }
    }

    static func timeline(subjectID: Int64, _ filter: TimelineFilter, limit: Int, _ db: Database) throws -> [StoredEntry] {
        var conditions = ["e.subject_id = ?", "e.deleted_at IS NULL"]
        var arguments: StatementArguments = [subjectID]
        if !filter.kinds.isEmpty {
            conditions.append("e.kind IN (\(filter.kinds.map { _ in "?" }.joined(separator: ", ")))")
            for kind in filter.kinds { _ = arguments.append(contentsOf: [kind.rawValue]) }
        }
        // A record's local day is within 14 hours of its UTC day (no zone is further from
        // UTC), so two days either side bound its instant. With that bound SQLite walks the
        // timeline index from the range's end, in order; with the day alone it sorted every
        // record of the range (46 ms for "from 2017" over 29,000 records; 65 µs now).
        if let from = filter.from {
            conditions.append("e.local_date >= ? AND e.occurred_at >= ?")
            _ = arguments.append(contentsOf: [from.description, Date(timeIntervalSince1970: Double(from.daysSince1970 - 2) * 86400)])
        }
        if let to = filter.to {
            conditions.append("e.local_date <= ? AND e.occurred_at < ?")
            _ = arguments.append(contentsOf: [to.description, Date(timeIntervalSince1970: Double(to.daysSince1970 + 3) * 86400)])
        }
        if let before = filter.before {
            // Row-value comparison: the keyset, served straight from the timeline index.
            conditions.append("(e.occurred_at, e.id) < (?, ?)")
            _ = arguments.append(contentsOf: [before.occurredAt, before.id])
        }
        return try fetch(db, where: conditions.joined(separator: " AND "), arguments: arguments, limit: limit)
    }

    /// The latest weighing of a subject in grams but the one being edited: what a new weighing is compared with.
    public func latestWeightGrams(subjectID: Int64, excluding entryID: Int64? = nil) throws -> Double? {
        try database.read { db in
            try Double.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT w.grams FROM entry e JOIN weight_entry w ON w.entry_id = e.id
                        WHERE e.subject_id = ? AND e.kind = 'weight' AND e.deleted_at IS NULL AND e.id IS NOT ? ORDER BY e.occurred_at DESC LIMIT 1
                        """), arguments: [subjectID, entryID])
        }
    }

    /// A subject's latest recorded weight in grams: what the home page and the care cards show.
    static func latestWeightGrams(subjectID: Int64, _ db: Database) throws -> Double? {
        try Double.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT w.grams FROM entry e JOIN weight_entry w ON w.entry_id = e.id
                    WHERE e.subject_id = ? AND e.kind = 'weight' AND e.deleted_at IS NULL ORDER BY e.occurred_at DESC LIMIT 1
                    """), arguments: [subjectID])
    }

    /// The latest weight (which knows the one before it), one local day's records
    /// (earliest first) and the newest photos: what a pet's page shows of its records.
    static func overview(
        subjectID: Int64, day: LocalDate, photos: Int, _ db: Database
    ) throws -> (latestWeight: StoredEntry?, day: [StoredEntry], photos: [String]) {
        let latestWeight = try fetch(db, where: "e.subject_id = ? AND e.deleted_at IS NULL AND e.kind = 'weight'", arguments: [subjectID], limit: 1).first
        let today = try fetch(db, where: "e.subject_id = ? AND e.local_date = ? AND e.deleted_at IS NULL", arguments: [subjectID, day.description], limit: 500)
        let recent = try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT p.photo_sha FROM entry e JOIN entry_photo p ON p.entry_id = e.id
                    WHERE e.subject_id = ? AND e.deleted_at IS NULL AND e.photo_count > 0
                    ORDER BY e.occurred_at DESC, e.id DESC, p.position LIMIT ?
                    """), arguments: [subjectID, photos])
        return (latestWeight, today.reversed(), recent)
    }

    // MARK: - Writing

    static let detailTables =
        ["weight_entry", "meal_entry", "excretion_entry", "vomit_entry", "symptom_entry", "walk_entry", "diary_entry"] + CareEntries.tables

    private static func attach(_ photos: [PhotoRecord], to entryID: Int64, startingAt first: Int, now: Date, _ db: Database) throws {
        for (offset, photo) in photos.enumerated() {
            try photo.insertIfMissing(db, now: now)
            try db.execute(
                sql: "INSERT INTO entry_photo (entry_id, photo_sha, position) VALUES (?, ?, ?)",
                arguments: [entryID, photo.sha256, first + offset])
        }
    }

    private static func writeDetails(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        switch details {
        case .diary(let title, let text):
            try db.execute(sql: "INSERT INTO diary_entry (entry_id, title, body) VALUES (?, ?, ?)", arguments: [id, title, text])
        case .weight(let value, let unit):
            try db.execute(
                sql: "INSERT INTO weight_entry (entry_id, value, unit, grams) VALUES (?, ?, ?, ?)",
                arguments: [id, value, unit.rawValue, value * unit.gramsPerUnit])
        case .meal(let food, let amount, let unit, let outcome):
            let foodID: Int64
            // The pet's species: a food of another species' is not this pet's to eat.
            let species = try String.fetchOne(
                db, sql: "SELECT p.species FROM entry e JOIN pet_profile p ON p.subject_id = e.subject_id WHERE e.id = ?", arguments: [id])
            switch food {
            case .existing(let existing):
                guard
                    try Bool.fetchOne(db, sql: "SELECT 1 FROM food WHERE id = ? AND (species IS NULL OR species = ?)", arguments: [existing, species]) == true
                else { throw StoreError.foodNotFound }
                foodID = existing
            case .new(let name, let kind, let kcal, let perPiece):
                foodID = try FoodRepository.findOrCreate(
                    name: name, kind: kind, kcalPer100g: kcal, kcalPerPiece: perPiece, species: species.flatMap(Species.init), now: now, db)
            }
            try db.execute(
                sql: "INSERT INTO meal_entry (entry_id, food_id, amount, amount_unit, outcome) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, foodID, amount, unit.rawValue, outcome.rawValue])
        case .toilet(let urine, let stool, let colour, let score, let blood, let mucus):
            try db.execute(
                sql: "INSERT INTO excretion_entry (entry_id, urine, stool, colour, fecal_score, blood, mucus) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [id, urine, stool, colour?.rawValue, score, blood, mucus])
        case .vomit(let times, let contents):
            try db.execute(sql: "INSERT INTO vomit_entry (entry_id, times, contents) VALUES (?, ?, ?)", arguments: [id, times, contents])
        case .symptom(let signs, let severity, let description):
            try db.execute(
                sql: "INSERT INTO symptom_entry (entry_id, signs, severity, description) VALUES (?, ?, ?, ?)",
                arguments: [id, signs.joined(separator: ","), severity, description])
        case .walk(let activity, let minutes, let distance):
            try db.execute(
                sql: "INSERT INTO walk_entry (entry_id, activity, minutes, distance_km) VALUES (?, ?, ?, ?)",
                arguments: [id, activity.rawValue, minutes, distance])
        case .vaccination, .preventive, .vetVisit:
            try CareEntries.write(entryID: id, details, db)
        }
    }

    // MARK: - Reading

    static func fetch(_ db: Database, where condition: String, arguments: StatementArguments, limit: Int) throws -> [StoredEntry] {
        // Cached statements: preparing this join costs more than running it.
        let cursor = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT e.id, e.subject_id, e.kind, e.occurred_at, e.local_date, e.note, e.deleted_at, a.display_name AS author,
                           w.value AS w_value, w.unit AS w_unit,
                           m.food_id AS m_food, f.name AS m_food_name, m.amount AS m_amount, m.amount_unit AS m_unit, m.outcome AS m_outcome,
                           x.urine AS x_urine, x.stool AS x_stool, x.colour AS x_colour, x.fecal_score AS x_score, x.blood AS x_blood, x.mucus AS x_mucus,
                           v.times AS v_times, v.contents AS v_contents,
                           s.signs AS s_signs, s.severity AS s_severity, s.description AS s_description,
                           k.activity AS k_activity, k.minutes AS k_minutes, k.distance_km AS k_distance,
                           d.title AS d_title, d.body AS d_body,
                           pw.grams AS previous_grams, f.kind AS m_food_kind, e.photo_count
                    FROM entry e
                    LEFT JOIN account a ON a.id = e.created_by
                    LEFT JOIN weight_entry w ON w.entry_id = e.id
                    LEFT JOIN meal_entry m ON m.entry_id = e.id
                    LEFT JOIN food f ON f.id = m.food_id
                    LEFT JOIN excretion_entry x ON x.entry_id = e.id
                    LEFT JOIN vomit_entry v ON v.entry_id = e.id
                    LEFT JOIN symptom_entry s ON s.entry_id = e.id
                    LEFT JOIN walk_entry k ON k.entry_id = e.id
                    LEFT JOIN diary_entry d ON d.entry_id = e.id
                    LEFT JOIN weight_entry pw ON pw.entry_id = CASE WHEN e.kind = 'weight' THEN (
                        SELECT p.id FROM entry p
                        WHERE p.subject_id = e.subject_id AND p.kind = 'weight' AND p.deleted_at IS NULL AND (p.occurred_at, p.id) < (e.occurred_at, e.id)
                        ORDER BY p.occurred_at DESC, p.id DESC LIMIT 1) END
                    WHERE \(condition)
                    ORDER BY e.occurred_at DESC, e.id DESC
                    LIMIT \(limit)
                    """), arguments: arguments)
        // Decoded straight from SQLite's row, not from a copy of it.
        var entries: [StoredEntry] = []
        var withPhotos: [Int64] = []
        var care: [EntryKind: [Int64]] = [:]
        while let row = try cursor.next() {
            guard let details = details(from: row) else { continue }
            if row[C.photoCount] as Int > 0 { withPhotos.append(row[C.id]) }
            if details.kind.isCare { care[details.kind, default: []].append(row[C.id]) }
            entries.append(
                StoredEntry(
                    id: row[C.id], subjectID: row[C.subjectID], occurredAt: StoredTime.date(row, C.occurredAt),
                    localDate: LocalDate(row[C.localDate] as String) ?? LocalDate(year: 1970, month: 1, day: 1)!,
                    note: row[C.note], details: details, foodName: row[C.foodName],
                    foodKind: (row[C.foodKind] as String?).flatMap(FoodKind.init(rawValue:)), photos: [],
                    authorName: row[C.author], deletedAt: StoredTime.optionalDate(row, C.deletedAt), previousWeightGrams: row[C.previousGrams]))
        }
        if !care.isEmpty {
            let loaded = try CareEntries.load(care, db)
            for index in entries.indices where entries[index].kind.isCare {
                if let details = loaded[entries[index].id] { entries[index].details = details }
            }
        }
        // Most records have no photos: ask only about those that have.
        guard !withPhotos.isEmpty else { return entries }
        var photos: [Int64: [String]] = [:]
        let photoRows = try Row.fetchCursor(
            db.cachedStatement(
                sql:
                    "SELECT entry_id, photo_sha FROM entry_photo WHERE entry_id IN (\(withPhotos.map { _ in "?" }.joined(separator: ","))) ORDER BY entry_id, position"
            ),
            arguments: StatementArguments(withPhotos))
        while let row = try photoRows.next() { photos[row[0], default: []].append(row[1]) }
        for index in entries.indices { entries[index].photos = photos[entries[index].id] ?? [] }
        return entries
    }

    private static func details(from row: Row) -> RecordDetails? {
        switch EntryKind(rawValue: row[C.kind]) {
        case .diary: return .diary(title: row[C.diaryTitle], text: row[C.diaryBody])
        case .weight: return .weight(value: row[C.weightValue], unit: BodyWeightUnit(rawValue: row[C.weightUnit]) ?? .kg)
        case .meal:
            return .meal(
                food: .existing(id: row[C.mealFood]), amount: row[C.mealAmount], unit: AmountUnit(rawValue: row[C.mealUnit]) ?? .g,
                outcome: MealOutcome(rawValue: row[C.mealOutcome]) ?? .all)
        case .toilet:
            return .toilet(
                urine: row[C.urine], stool: row[C.stool], colour: (row[C.colour] as String?).flatMap(ExcretionColour.init(rawValue:)),
                fecalScore: row[C.fecalScore], blood: row[C.blood], mucus: row[C.mucus])
        case .vomit: return .vomit(times: row[C.vomitTimes], contents: row[C.vomitContents])
        case .symptom:
            let signs = (row[C.signs] as String).split(separator: ",").map(String.init)
            return .symptom(signs: signs, severity: row[C.severity], description: row[C.symptomDescription])
        case .walk:
            return .walk(activity: Activity(rawValue: row[C.activity]) ?? .walk, minutes: row[C.minutes], distanceKm: row[C.distance])
        // Filled in by `CareEntries.load` after the page's rows are read.
        case .vaccination: return .vaccination(VaccinationVisit(vaccines: []))
        case .preventive: return .preventive(PreventiveGiven(kind: .other, product: nil, cycle: .months(1)))
        case .vetVisit: return .vetVisit(VetVisit())
        case nil: return nil
        }
    }

    /// Positions of the columns in `fetch`'s SELECT, in order. Reading by position: GRDB's
    /// by-name lookup lowercases and searches ~35 names per value, a visible cost per page.
    private enum C {
        static let id = 0, subjectID = 1, kind = 2, occurredAt = 3, localDate = 4, note = 5, deletedAt = 6, author = 7
        static let weightValue = 8, weightUnit = 9
        static let mealFood = 10, foodName = 11, mealAmount = 12, mealUnit = 13, mealOutcome = 14
        static let urine = 15, stool = 16, colour = 17, fecalScore = 18, blood = 19, mucus = 20
        static let vomitTimes = 21, vomitContents = 22
        static let signs = 23, severity = 24, symptomDescription = 25
        static let activity = 26, minutes = 27, distance = 28
        static let diaryTitle = 29, diaryBody = 30
        static let previousGrams = 31, foodKind = 32, photoCount = 33
    }
}
