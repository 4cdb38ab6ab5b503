import Foundation
import GRDB
import HearthCore

/// A person as stored: their profile, photo and whether they are archived.
public struct Person: Sendable, Equatable, Identifiable {
    public let id: Int64
    public var profile: PersonProfile
    public var photoSHA: String?
    public var archivedAt: Date?
    /// The day Hearth began keeping this person: earlier days are "before Hearth", not missed.
    public var createdAt: Date

    public var isArchived: Bool { archivedAt != nil }
}

/// The household's people: `subject` rows of kind `person`.
public struct PersonRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func create(_ profile: PersonProfile, photo: PhotoRecord?, now: Date = Date()) async throws -> Person {
        try await database.write { db in
            try photo?.insertIfMissing(db, now: now)
            do {
                try db.execute(
                    sql: """
                        INSERT INTO subject (kind, name, birth_date, sex, colour, account_id, photo_sha, created_at, updated_at)
                        VALUES ('person', ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        profile.name, profile.birthDate?.description, profile.sex.rawValue, profile.colour.rawValue, profile.accountID, photo?.sha256, now, now,
                    ])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StoreError.accountAlreadyLinked
            }
            return Person(id: db.lastInsertedRowID, profile: profile, photoSHA: photo?.sha256, archivedAt: nil, createdAt: now)
        }
    }

    /// Saves the profile; a new photo replaces the old one. Returns the replaced photo's digest.
    public func update(id: Int64, _ profile: PersonProfile, newPhoto: PhotoRecord?, now: Date = Date()) async throws -> String? {
        try await database.write { db in
            guard let old = try String?.fetchOne(db, sql: "SELECT photo_sha FROM subject WHERE id = ? AND kind = 'person'", arguments: [id]) as String?? else {
                throw StoreError.personNotFound
            }
            try newPhoto?.insertIfMissing(db, now: now)
            do {
                try db.execute(
                    sql: """
                        UPDATE subject SET name = ?, birth_date = ?, sex = ?, colour = ?, account_id = ?, photo_sha = COALESCE(?, photo_sha), updated_at = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        profile.name, profile.birthDate?.description, profile.sex.rawValue, profile.colour.rawValue, profile.accountID, newPhoto?.sha256, now,
                        id,
                    ])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StoreError.accountAlreadyLinked
            }
            return newPhoto != nil && old != newPhoto?.sha256 ? old : nil
        }
    }

    public func setArchived(_ archived: Bool, id: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE subject SET archived_at = ?, updated_at = ? WHERE id = ? AND kind = 'person'",
                arguments: [archived ? now : nil, now, id])
            if db.changesCount == 0 { throw StoreError.personNotFound }
        }
    }

    /// The person, or nil when there is none or the member may not see them.
    public func person(id: Int64, access: SubjectAccess) async throws -> Person? {
        guard access.allows(id) else { return nil }
        return try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.select + " WHERE id = ? AND kind = 'person'"), arguments: [id]).map(Self.person(from:))
        }
    }

    /// Current people the member may see, by name; archived ones only when asked for.
    public func people(archived: Bool = false, access: SubjectAccess) async throws -> [Person] {
        try database.read { db in try Self.people(archived: archived, access: access, db) }
    }

    static func people(archived: Bool = false, access: SubjectAccess, _ db: Database) throws -> [Person] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: Self.select
                    + " WHERE kind = 'person' AND archived_at IS \(archived ? "NOT" : "") NULL AND \(access.sqlCondition("id")) ORDER BY name COLLATE NOCASE")
        )
        .map(Self.person(from:))
    }

    private static let select = "SELECT id, name, birth_date, sex, colour, account_id, photo_sha, archived_at, created_at FROM subject"

    private static func person(from row: Row) -> Person {
        let profile = PersonProfile(
            name: row["name"], birthDate: (row["birth_date"] as String?).flatMap(LocalDate.init), sex: Sex(rawValue: row["sex"]) ?? .unknown,
            colour: (row["colour"] as String?).flatMap(SubjectColour.init) ?? .blue, accountID: row["account_id"])
        return Person(id: row["id"], profile: profile, photoSHA: row["photo_sha"], archivedAt: row["archived_at"], createdAt: row["created_at"])
    }
}
