import Foundation
import GRDB
import HearthCore

/// One photo as the gallery shows it: a photo in a record (the same photo in two records is
/// two places in the gallery), with the record's subject, kind and time.
public struct GalleryPhoto: Sendable, Equatable {
    public let entryID: Int64
    public let position: Int
    public let sha256: String
    public let format: String
    public let width: Int
    public let height: Int
    public let byteCount: Int
    public let occurredAt: Date
    public let localDate: LocalDate
    public let subjectID: Int64
    public let subjectName: String
    public let subjectKind: SubjectSummary.Kind
    public let kind: String
    public let favourite: Bool

    public var place: GalleryPlace { GalleryPlace(entryID: entryID, position: position) }
    public var cursor: GalleryCursor { GalleryCursor(occurredAt: occurredAt, entryID: entryID, position: position) }
}

/// Which photo of which record: `<entry>-<position>` in a URL.
public struct GalleryPlace: Sendable, Equatable, CustomStringConvertible {
    public let entryID: Int64
    public let position: Int

    public init(entryID: Int64, position: Int) {
        self.entryID = entryID
        self.position = position
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let entry = Int64(parts[0]), let position = Int(parts[1]), position >= 0 else { return nil }
        self.init(entryID: entry, position: position)
    }

    public var description: String { "\(entryID)-\(position)" }
}

/// Where a page of the gallery ends: newest first by the record's time, then record, then
/// the photo's place in the record. `<ms>_<entry>_<position>` in a URL.
public struct GalleryCursor: Sendable, Equatable, CustomStringConvertible {
    public let occurredAt: Date
    public let entryID: Int64
    public let position: Int

    public init(occurredAt: Date, entryID: Int64, position: Int) {
        self.occurredAt = occurredAt
        self.entryID = entryID
        self.position = position
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "_")
        guard parts.count == 3, let milliseconds = Int64(parts[0]), let entry = Int64(parts[1]), let position = Int(parts[2]) else { return nil }
        self.init(occurredAt: Date(timeIntervalSince1970: Double(milliseconds) / 1000), entryID: entry, position: position)
    }

    public var description: String { "\(Int64((occurredAt.timeIntervalSince1970 * 1000).rounded()))_\(entryID)_\(position)" }
}

/// What the gallery is showing: the household or one subject, everything or favourites.
public struct GalleryFilter: Sendable, Equatable {
    public var subjectID: Int64?
    public var favouritesOnly: Bool
    /// Only the photos of this day in earlier years (`OnThisDay`), when set to today.
    public var onThisDay: LocalDate?

    public init(subjectID: Int64? = nil, favouritesOnly: Bool = false, onThisDay: LocalDate? = nil) {
        self.subjectID = subjectID
        self.favouritesOnly = favouritesOnly
        self.onThisDay = onThisDay
    }
}

/// The household's photos, newest first, in keyset pages; favourites; a photo's neighbours.
public struct GalleryRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    private static let columns = """
        e.id, p.position, p.photo_sha, ph.format, ph.width, ph.height, ph.byte_count, e.occurred_at, e.local_date,
        s.id, s.name, s.kind, e.kind, ph.favourite_at IS NOT NULL
        """

    /// The photos after `cursor` (older), at most `limit`. Walks the records with photos
    /// newest first (`entry_photos_newest`, or `entry_photos_timeline` for one subject).
    public func page(_ filter: GalleryFilter, access: SubjectAccess, after cursor: GalleryCursor? = nil, limit: Int = 60) throws -> [GalleryPhoto] {
        try database.read { db in try Self.photos(filter, access: access, after: cursor, newer: false, limit: limit, db) }
    }

    /// One photo in a record, if the member may see it, with the photos either side of it
    /// under the same filter.
    public func photo(
        _ place: GalleryPlace, filter: GalleryFilter, access: SubjectAccess
    ) throws -> (photo: GalleryPhoto, newer: GalleryPhoto?, older: GalleryPhoto?)? {
        try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT \(Self.columns) FROM entry e JOIN entry_photo p ON p.entry_id = e.id JOIN photo ph ON ph.sha256 = p.photo_sha JOIN subject s ON s.id = e.subject_id
                            WHERE e.id = ? AND p.position = ? AND e.deleted_at IS NULL AND \(access.sqlCondition("e.subject_id"))
                            """), arguments: [place.entryID, place.position])
            else { return nil }
            let photo = Self.photo(row)
            return (
                photo,
                try Self.photos(filter, access: access, after: photo.cursor, newer: true, limit: 1, db).first,
                try Self.photos(filter, access: access, after: photo.cursor, newer: false, limit: 1, db).first
            )
        }
    }

    static func photos(
        _ filter: GalleryFilter, access: SubjectAccess, after cursor: GalleryCursor?, newer: Bool, limit: Int, _ db: Database
    ) throws -> [GalleryPhoto] {
        var conditions = ["e.deleted_at IS NULL", "e.photo_count > 0", access.sqlCondition("e.subject_id")]
        var arguments: StatementArguments = []
        if let subject = filter.subjectID {
            conditions.append("e.subject_id = ?")
            _ = arguments.append(contentsOf: [subject])
        }
        if filter.favouritesOnly { conditions.append("ph.favourite_at IS NOT NULL") }
        if let today = filter.onThisDay {
            conditions.append("e.local_date IN (SELECT value FROM json_each(?))")
            _ = arguments.append(contentsOf: [OnThisDay.argument(OnThisDay.days(before: today))])
        }
        if let cursor {
            // Newest first by record, and within a record by position: the keyset mixes
            // directions, so the record's part bounds the index walk and the rest trims it.
            conditions.append(
                newer
                    ? "(e.occurred_at, e.id) >= (?, ?) AND NOT (e.occurred_at = ? AND e.id = ? AND p.position >= ?)"
                    : "(e.occurred_at, e.id) <= (?, ?) AND NOT (e.occurred_at = ? AND e.id = ? AND p.position <= ?)")
            _ = arguments.append(contentsOf: [cursor.occurredAt, cursor.entryID, cursor.occurredAt, cursor.entryID, cursor.position])
        }
        let order = newer ? "e.occurred_at, e.id, p.position DESC" : "e.occurred_at DESC, e.id DESC, p.position"
        _ = arguments.append(contentsOf: [limit])
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(columns) FROM entry e JOIN entry_photo p ON p.entry_id = e.id JOIN photo ph ON ph.sha256 = p.photo_sha JOIN subject s ON s.id = e.subject_id
                WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order) LIMIT ?
                """, arguments: arguments
        ).map(photo)
    }

    private static func photo(_ row: Row) -> GalleryPhoto {
        GalleryPhoto(
            entryID: row[0], position: row[1], sha256: row[2], format: row[3], width: row[4], height: row[5], byteCount: row[6],
            occurredAt: row[7], localDate: LocalDate(row[8] as String) ?? LocalDate(year: 1970, month: 1, day: 1)!,
            subjectID: row[9], subjectName: row[10], subjectKind: SubjectSummary.Kind(rawValue: row[11]) ?? .pet, kind: row[12], favourite: row[13])
    }

    /// Marks or unmarks a photo as a favourite, for the whole household.
    public func setFavourite(_ sha256: String, _ favourite: Bool, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE photo SET favourite_at = CASE WHEN ? THEN coalesce(favourite_at, ?) END WHERE sha256 = ?", arguments: [favourite, now, sha256])
        }
    }

    /// Takes the photo out of its record; returns its digest when nothing refers to it any
    /// more (the row is gone and the caller removes the files).
    public func remove(_ place: GalleryPlace) async throws -> String? {
        try await database.write { db in
            guard
                let sha = try String.fetchOne(
                    db.cachedStatement(sql: "SELECT photo_sha FROM entry_photo WHERE entry_id = ? AND position = ?"),
                    arguments: [place.entryID, place.position])
            else { return nil }
            try db.execute(sql: "DELETE FROM entry_photo WHERE entry_id = ? AND position = ?", arguments: [place.entryID, place.position])
            try db.execute(sql: "UPDATE entry SET updated_at = ? WHERE id = ?", arguments: [Date(), place.entryID])
            guard try !PhotoRepository.isReferenced(sha, db) else { return nil }
            try db.execute(sql: "DELETE FROM photo WHERE sha256 = ?", arguments: [sha])
            return sha
        }
    }

    /// A subject's symptom and vomiting records, newest first: the gallery's symptom view.
    public func symptoms(subjectID: Int64, access: SubjectAccess, before: TimelineCursor?, limit: Int = 30) throws -> [StoredEntry] {
        guard access.allows(subjectID) else { return [] }
        return try database.read { db in
            try EntryRepository.timeline(subjectID: subjectID, TimelineFilter(kinds: [.symptom, .vomit], before: before), limit: limit, db)
        }
    }
}

extension GalleryRepository {
    /// The newest photos of `subjects`, newest first, each once, with its place in the gallery.
    public static func newest(of subjects: [SubjectSummary], limit: Int, in snapshot: Snapshot) throws -> [(sha: String, place: GalleryPlace)] {
        var newest: [(at: Date, sha: String, place: GalleryPlace)] = []
        // Each subject's newest from its photo index, then merged: no sort of every photo.
        for subject in subjects {
            newest += try Row.fetchAll(
                snapshot.db.cachedStatement(
                    sql: """
                        SELECT e.occurred_at, p.photo_sha, e.id, p.position FROM entry e JOIN entry_photo p ON p.entry_id = e.id
                        WHERE e.subject_id = ? AND e.deleted_at IS NULL AND e.photo_count > 0
                        ORDER BY e.occurred_at DESC, e.id DESC, p.position LIMIT ?
                        """), arguments: [subject.id, limit]
            ).map { ($0[0], $0[1], GalleryPlace(entryID: $0[2], position: $0[3])) }
        }
        var seen = Set<String>()
        return Array(newest.sorted { $0.at > $1.at }.filter { seen.insert($0.sha).inserted }.map { ($0.sha, $0.place) }.prefix(limit))
    }
}
