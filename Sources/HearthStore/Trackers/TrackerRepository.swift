import Foundation
import GRDB
import HearthCore

/// A tracker as stored.
public struct Tracker: Sendable, Equatable, Identifiable {
    public let id: Int64
    public let input: TrackerInput
    /// The ready-made tracker it was added from (`glucose`, `seizure`, `blood_pressure`), if any.
    public let readyMade: String?
}

/// The household's trackers: their definitions, and what a change to one does to its records.
public struct TrackerRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Throws `StoreError.full` when the household has `Bounds.trackers`.
    public func create(_ input: TrackerInput, readyMade: String? = nil, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            try Bounds.check(db, most: Bounds.trackers, "SELECT count(*) FROM tracker WHERE deleted_at IS NULL")
            try db.execute(
                sql: """
                    INSERT INTO tracker (name, subjects, subject_id, regimen_id, fields, ready_made, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    input.name, input.subjects.code, Self.subjectID(input), input.regimenID, try StoredTrackerField.json(input.fields), readyMade, now, now,
                ])
            return db.lastInsertedRowID
        }
    }

    /// Saves a changed definition and, in the same write, converts the values of each field
    /// whose unit changed exactly (`TrackerForm.Result.conversions`).
    public func update(id: Int64, _ result: TrackerForm.Result, now: Date = Date()) async throws {
        let input = result.tracker
        try await database.write { db in
            let old = try String.fetchOne(db, sql: "SELECT fields FROM tracker WHERE id = ? AND deleted_at IS NULL", arguments: [id]).map(
                StoredTrackerField.fields)
            try db.execute(
                sql:
                    "UPDATE tracker SET name = ?, subjects = ?, subject_id = ?, regimen_id = ?, fields = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL",
                arguments: [input.name, input.subjects.code, Self.subjectID(input), input.regimenID, try StoredTrackerField.json(input.fields), now, id])
            guard db.changesCount == 1, let old else { throw StoreError.trackerNotFound }
            if let change = TrackerChange.summary(from: old, to: input.fields) {
                // As the history's triggers write a change, by the same author, in the same write.
                try db.execute(
                    sql: """
                        INSERT INTO history(write, at, account_id, token_id, via, record, record_id, subject_id, tbl, action, changes)
                        SELECT coalesce(a.write, 0), strftime('%Y-%m-%d %H:%M:%f', 'now'), a.account_id, a.token_id, a.via, 'tracker', ?1,
                            (SELECT subject_id FROM tracker WHERE id = ?1), 'tracker', 'update', json_object('fields', json_array(?2, ?3))
                        FROM (SELECT 1) LEFT JOIN history_author a WHERE coalesce(a.quiet, 0) = 0
                        """, arguments: [id, change.was, change.became])
            }
            for (field, factor) in result.conversions.sorted(by: { $0.key < $1.key }) where factor != 1 {
                try db.execute(
                    sql: """
                        UPDATE tracker_value SET number = number * ?
                        WHERE field = ? AND number IS NOT NULL AND entry_id IN (SELECT entry_id FROM tracker_entry WHERE tracker_id = ?)
                        """, arguments: [factor, field, id])
            }
        }
    }

    /// The trackers a member may see: every species' and people's, and those of a subject they may see.
    public func trackers(access: SubjectAccess) throws -> [Tracker] {
        let all = try database.trackerCache.value("all", generation: database.generation) { try database.read(Self.all) }
        guard access.isLimited else { return all }
        return try database.read { db in Self.visible(all, seen: try Self.seen(access, db), access: access) }
    }

    public func tracker(id: Int64, access: SubjectAccess) throws -> Tracker? {
        try trackers(access: access).first { $0.id == id }
    }

    /// The tracker a record of `subjectID` (a pet of `species`, or a person: nil) is read against,
    /// as it is now: nil when it is deleted, hidden from the member, or not for this subject.
    public func tracker(id: Int64, keptBy subjectID: Int64, species: Species?, access: SubjectAccess) throws -> Tracker? {
        try tracker(id: id, access: access).flatMap { $0.input.subjects.includes(subjectID: subjectID, species: species) ? $0 : nil }
    }

    /// The trackers `access` may see: one for a subject, when the member sees the subject; one for
    /// a species or for people, when the member sees a pet of that species or a person (a member
    /// limited to the dog does not learn of the cat's glucose tracker).
    static func trackers(access: SubjectAccess, id: Int64? = nil, _ db: Database) throws -> [Tracker] {
        let all = try Self.all(db).filter { id == nil || $0.id == id }
        return access.isLimited ? visible(all, seen: try seen(access, db), access: access) : all
    }

    /// Every tracker not deleted, by name: read once between writes (`AppDatabase.trackerCache`),
    /// as every pet and person page reads them all.
    static func all(_ db: Database) throws -> [Tracker] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, name, subjects, regimen_id, fields, ready_made FROM tracker WHERE deleted_at IS NULL ORDER BY name, id")
        ).compactMap { row in
            guard let subjects = TrackerSubjects(code: row["subjects"]) else { return nil }
            let input = TrackerInput(name: row["name"], subjects: subjects, fields: StoredTrackerField.fields(row["fields"]), regimenID: row["regimen_id"])
            return Tracker(id: row["id"], input: input, readyMade: row["ready_made"])
        }
    }

    /// The species and whether a person are among the subjects a limited member sees.
    private static func seen(_ access: SubjectAccess, _ db: Database) throws -> (species: Set<String>, people: Bool) {
        let rows = try Row.fetchAll(
            db, sql: "SELECT s.kind, p.species FROM subject s LEFT JOIN pet_profile p ON p.subject_id = s.id WHERE \(access.sqlCondition("s.id"))")
        return (Set(rows.compactMap { $0["species"] as String? }), rows.contains { $0["kind"] == "person" })
    }

    private static func visible(_ trackers: [Tracker], seen: (species: Set<String>, people: Bool), access: SubjectAccess) -> [Tracker] {
        trackers.filter { tracker in
            switch tracker.input.subjects {
            case .subject(let id): access.allows(id)
            case .species(let species): seen.species.contains(species.rawValue)
            case .people: seen.people
            }
        }
    }

    /// The keys of the fields some record of the tracker holds a value of (records in the bin too:
    /// they may come back).
    /// The options each choice field's records chose (`field → keys`), the bin's records included.
    public func chosenOptions(trackerID: Int64) throws -> [String: Set<String>] {
        try database.read { db in
            let tracker = try Self.trackers(access: .everyone, id: trackerID, db).first
            let fields = (tracker?.input.fields ?? []).filter { if case .choice = $0.kind { true } else { false } }.map(\.key)
            guard !fields.isEmpty else { return [:] }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT v.field, v.text FROM tracker_entry t JOIN tracker_value v ON v.entry_id = t.entry_id
                    WHERE t.tracker_id = ? AND v.text IS NOT NULL AND v.field IN (\(databaseQuestionMarks(count: fields.count)))
                    """, arguments: StatementArguments([trackerID]) + StatementArguments(fields))
            return rows.reduce(into: [:]) { chosen, row in chosen[row[0] as String, default: []].insert(row[1] as String) }
        }
    }

    public func fieldsWithValues(trackerID: Int64) throws -> Set<String> {
        try database.read { db in
            Set(
                try String.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT DISTINCT v.field FROM tracker_entry t JOIN tracker_value v ON v.entry_id = t.entry_id WHERE t.tracker_id = ?"),
                    arguments: [trackerID]))
        }
    }

    /// The trackers a subject keeps (by its species, as a person, or its own), each with its
    /// newest record, if any.
    public func kept(subjectID: Int64, species: Species?, access: SubjectAccess) throws -> [(tracker: Tracker, latest: StoredEntry?)] {
        let trackers = try trackers(access: access).filter { $0.input.subjects.includes(subjectID: subjectID, species: species) }
        return try database.read { db in
            try trackers.map { tracker in
                let latest = try EntryRepository.fetch(
                    db,
                    where: """
                        e.subject_id = ? AND e.kind = 'tracker' AND e.deleted_at IS NULL
                        AND e.id IN (SELECT entry_id FROM tracker_entry WHERE tracker_id = ?)
                        """, arguments: [subjectID, tracker.id], limit: 1
                ).first
                return (tracker, latest)
            }
        }
    }

    public func delete(id: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE tracker SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", arguments: [now, id])
        }
    }

    static func subjectID(_ input: TrackerInput) -> Int64? {
        if case .subject(let id) = input.subjects { return id }
        return nil
    }
}
