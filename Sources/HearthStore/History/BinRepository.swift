import Foundation
import GRDB
import HearthCore

/// One thing in the bin: a record (with the copies deleted with it), a regimen, a routine or
/// an appointment, as the bin lists it.
public struct BinItem: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case entry, regimen, routine, appointment
    }

    public let kind: Kind
    public let id: Int64
    public let subjectID: Int64?
    public let subjectName: String?
    /// The record's or appointment's kind (`meal`, `vet`), or the regimen's or routine's name.
    public let label: String
    /// The record's or appointment's day.
    public let day: LocalDate?
    public let deletedAt: Date
    /// How many records went in together ("모두 삭제" of a meal for two pets is one item of 2).
    public let copies: Int
    /// The member who put it in the bin, as the history names them (nil: Hearth, the command line).
    public var deletedBy: String? = nil
    /// A record's own values, for the bin to say what it was as the timeline does, and the unit
    /// its subject's weights are shown in (a pet's own, else the household's).
    public var record: StoredEntry? = nil
    public var weightUnit: BodyWeightUnit = .kg
}

/// The bin: what the household deleted, kept `household.bin_days` days (30 unless the owner
/// says otherwise) and out of every page, count and list until then. Deleting only sets
/// `deleted_at`; putting back clears it (a record with every copy deleted with it); emptying
/// removes the rows for good and hands back the photos they held, for the files to go if no
/// other record holds them. The history keeps every step.
public struct BinRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// The newest deleted first, of the subjects `access` may see (a household routine or
    /// appointment, of no one subject, only for the whole household).
    public func items(access: SubjectAccess, limit: Int = 300) throws -> [BinItem] {
        let noSubject = access == .everyone ? "1" : "0"
        // Who deleted it: the member of the latest change of its own row that set `deleted_at`.
        func deletedBy(_ table: String, _ alias: String) -> String {
            """
            (SELECT a.display_name FROM history h JOIN account a ON a.id = h.account_id
             WHERE h.record = '\(table)' AND h.record_id = CAST(\(alias).id AS TEXT) AND h.tbl = '\(table)' AND h.action = 'update'
             AND h.changes LIKE '%"deleted_at"%' ORDER BY h.id DESC LIMIT 1)
            """
        }
        return try database.read { db in
            var items = try Row.fetchAll(
                db,
                sql: """
                    SELECT 'entry', min(e.id), e.subject_id, s.name, e.kind, e.local_date, e.deleted_at, count(*), \(deletedBy("entry", "e"))
                    FROM entry e JOIN subject s ON s.id = e.subject_id
                    WHERE e.deleted_at IS NOT NULL AND \(access.sqlCondition("e.subject_id"))
                    GROUP BY coalesce(e.together_id, e.id), e.deleted_at
                    UNION ALL
                    SELECT 'regimen', r.id, r.subject_id, s.name, r.name, NULL, r.deleted_at, 1, \(deletedBy("regimen", "r"))
                    FROM regimen r JOIN subject s ON s.id = r.subject_id WHERE r.deleted_at IS NOT NULL AND \(access.sqlCondition("r.subject_id"))
                    UNION ALL
                    SELECT 'routine', t.id, t.subject_id, s.name, t.name, NULL, t.deleted_at, 1, \(deletedBy("routine", "t"))
                    FROM routine t LEFT JOIN subject s ON s.id = t.subject_id
                    WHERE t.deleted_at IS NOT NULL AND (CASE WHEN t.subject_id IS NULL THEN \(noSubject) ELSE \(access.sqlCondition("t.subject_id")) END)
                    UNION ALL
                    SELECT 'appointment', a.id, a.subject_id, s.name, a.kind, a.local_date, a.deleted_at, 1, \(deletedBy("appointment", "a"))
                    FROM appointment a LEFT JOIN subject s ON s.id = a.subject_id
                    WHERE a.deleted_at IS NOT NULL AND (CASE WHEN a.subject_id IS NULL THEN \(noSubject) ELSE \(access.sqlCondition("a.subject_id")) END)
                    ORDER BY 7 DESC, 2 DESC LIMIT \(max(1, min(limit, 1000)))
                    """
            ).compactMap { row -> BinItem? in
                guard let kind = BinItem.Kind(rawValue: row[0]) else { return nil }
                return BinItem(
                    kind: kind, id: row[1], subjectID: row[2], subjectName: row[3], label: row[4], day: (row[5] as String?).flatMap(LocalDate.init),
                    deletedAt: row[6], copies: row[7], deletedBy: row[8])
            }
            let ids = items.filter { $0.kind == .entry }.map(\.id)
            guard !ids.isEmpty else { return items }
            let records = try EntryRepository.fetch(
                db, where: "e.id IN (SELECT value FROM json_each(?))", arguments: IDList(ids: ids).argument, limit: ids.count)
            let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            // The units of the records' subjects only, not of every subject of the household.
            let units = try Dictionary(
                Row.fetchAll(
                    db,
                    sql: """
                        SELECT s.id, coalesce(p.weight_unit, h.weight_unit) FROM subject s
                        LEFT JOIN pet_profile p ON p.subject_id = s.id LEFT JOIN (SELECT weight_unit FROM household LIMIT 1) h
                        WHERE s.id IN (SELECT value FROM json_each(?))
                        """, arguments: IDList(ids: records.map(\.subjectID)).argument
                ).map { ($0[0] as Int64, BodyWeightUnit(rawValue: $0[1] as String? ?? "") ?? .kg) }, uniquingKeysWith: { first, _ in first })
            for index in items.indices where items[index].kind == .entry {
                items[index].record = byID[items[index].id]
                items[index].weightUnit = items[index].subjectID.flatMap { units[$0] } ?? .kg
            }
            return items
        }
    }

    /// Puts one item back (a record with the copies deleted with it that `access` may see).
    /// One already put back is `notInBin` (409, said so); one that is not there or not the
    /// member's to see is `binItemNotFound` (404, as any page of it): nothing changes either way.
    /// Returns the pet when it is itself put away (archived), for the page to say so and offer to
    /// bring it back too.
    @discardableResult
    public func putBack(_ kind: BinItem.Kind, id: Int64, access: SubjectAccess, now: Date = Date()) async throws -> (id: Int64, name: String)? {
        try await database.write { db in
            let table = kind.rawValue
            guard let row = try Row.fetchOne(db, sql: "SELECT subject_id, deleted_at FROM \(table) WHERE id = ?", arguments: [id]) else {
                throw StoreError.binItemNotFound
            }
            let subject: Int64? = row[0]
            let visible = subject.map(access.allows) ?? (access == .everyone)
            guard visible else { throw StoreError.binItemNotFound }
            guard let deletedAt = row[1] as Date? else { throw StoreError.notInBin }
            if kind == .entry {
                try EntryRepository.restore(id: id, deletedAt: deletedAt, access: access, now: now, db)
            } else {
                try db.execute(sql: "UPDATE \(table) SET deleted_at = NULL WHERE id = ?", arguments: [id])
            }
            guard let subject else { return nil }
            return try Row.fetchOne(db, sql: "SELECT id, name FROM subject WHERE id = ? AND archived_at IS NOT NULL", arguments: [subject]).map {
                (id: $0[0], name: $0[1])
            }
        }
    }

    /// Removes for good what was deleted before `cutoff` (everything in the bin when nil).
    /// Returns the digests of the photos those records held, for `PhotoIntake.cleanUp`.
    @discardableResult
    public func empty(deletedBefore cutoff: Date?) async throws -> (removed: Int, photos: [String]) {
        try await database.write { db in
            let when = cutoff == nil ? "deleted_at IS NOT NULL" : "deleted_at < ?"
            let arguments: StatementArguments = cutoff.map { [$0] } ?? []
            let photos = try String.fetchAll(
                db, sql: "SELECT DISTINCT photo_sha FROM entry_photo WHERE entry_id IN (SELECT id FROM entry WHERE \(when))", arguments: arguments)
            var removed = 0
            for table in ["entry", "regimen", "routine", "appointment"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE \(when)", arguments: arguments)
                removed += db.changesCount
            }
            return (removed, photos)
        }
    }

    /// How long the bin keeps what is deleted, and the history its changes (the owner's settings).
    public func keeping() throws -> Keeping {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT bin_days, history_years FROM household").map {
                Keeping(binDays: $0[0] as Int? ?? Keeping.standard.binDays, historyYears: $0[1])
            }
        } ?? .standard
    }

    public func setKeeping(_ keeping: Keeping) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE household SET bin_days = ?, history_years = ?", arguments: [keeping.binDays, keeping.historyYears])
        }
    }
}
