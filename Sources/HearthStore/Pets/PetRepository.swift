import Foundation
import GRDB
import HearthCore

/// A pet as stored: its profile, photo and whether it is archived (died or rehomed).
public struct Pet: Sendable, Equatable, Identifiable {
    public let id: Int64
    public var profile: PetProfile
    public var photoSHA: String?
    public var archivedAt: Date?

    public var isArchived: Bool { archivedAt != nil }
}

public struct PetRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func create(_ profile: PetProfile, photo: PhotoRecord?, now: Date = Date()) async throws -> Pet {
        try await database.write { db in
            try photo?.insertIfMissing(db, now: now)
            try db.execute(
                sql: """
                    INSERT INTO subject (kind, name, birth_date, birth_date_estimated, sex, photo_sha, created_at, updated_at)
                    VALUES ('pet', ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [profile.name, profile.birthDate?.description, profile.birthDateEstimated, profile.sex.rawValue, photo?.sha256, now, now])
            let id = db.lastInsertedRowID
            try Self.writeProfile(id: id, profile, insert: true, db)
            return Pet(id: id, profile: profile, photoSHA: photo?.sha256, archivedAt: nil)
        }
    }

    /// Saves the profile; a new photo replaces the old one. Returns the replaced photo's
    /// digest, for the caller to delete its files if nothing else uses them.
    public func update(id: Int64, _ profile: PetProfile, newPhoto: PhotoRecord?, now: Date = Date()) async throws -> String? {
        try await database.write { db in
            guard let old = try String?.fetchOne(db, sql: "SELECT photo_sha FROM subject WHERE id = ? AND kind = 'pet'", arguments: [id]) as String?? else {
                throw StoreError.petNotFound
            }
            try newPhoto?.insertIfMissing(db, now: now)
            try db.execute(
                sql: """
                    UPDATE subject SET name = ?, birth_date = ?, birth_date_estimated = ?, sex = ?, photo_sha = COALESCE(?, photo_sha), updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [profile.name, profile.birthDate?.description, profile.birthDateEstimated, profile.sex.rawValue, newPhoto?.sha256, now, id])
            try Self.writeProfile(id: id, profile, insert: false, db)
            return newPhoto != nil && old != newPhoto?.sha256 ? old : nil
        }
    }

    public func setArchived(_ archived: Bool, id: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE subject SET archived_at = ?, updated_at = ? WHERE id = ? AND kind = 'pet'",
                arguments: [archived ? now : nil, now, id])
            if db.changesCount == 0 { throw StoreError.petNotFound }
        }
    }

    /// The pet, or nil when there is none or the member may not see it.
    public func pet(id: Int64, access: SubjectAccess) async throws -> Pet? {
        try database.read { db in try Self.pet(id: id, access: access, db) }
    }

    static func pet(id: Int64, access: SubjectAccess, _ db: Database) throws -> Pet? {
        guard access.allows(id) else { return nil }
        return try Row.fetchOne(db.cachedStatement(sql: Self.select + " WHERE s.id = ?"), arguments: [id]).map(Self.pet(from:))
    }

    /// Active pets the member may see, by name; archived ones only when asked for.
    public func pets(archived: Bool = false, access: SubjectAccess) async throws -> [Pet] {
        try database.read { db in try Self.pets(archived: archived, access: access, db) }
    }

    static func pets(archived: Bool = false, access: SubjectAccess, _ db: Database) throws -> [Pet] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: Self.select + " WHERE s.archived_at IS \(archived ? "NOT" : "") NULL AND \(access.sqlCondition("s.id")) ORDER BY s.name COLLATE NOCASE")
        )
        .map(Self.pet(from:))
    }

    private static let select = """
        SELECT s.id, s.name, s.birth_date, s.birth_date_estimated, s.sex, s.photo_sha, s.archived_at,
               p.species, p.species_other, p.breed, p.adoption_date, p.neutered, p.microchip, p.markings, p.notes, p.weight_unit
        FROM subject s JOIN pet_profile p ON p.subject_id = s.id
        """

    private static func pet(from row: Row) -> Pet {
        let species = Species(rawValue: row["species"]) ?? .other
        let profile = PetProfile(
            name: row["name"], species: species, speciesOther: row["species_other"], breed: row["breed"],
            sex: Sex(rawValue: row["sex"]) ?? .unknown,
            birthDate: (row["birth_date"] as String?).flatMap(LocalDate.init), birthDateEstimated: row["birth_date_estimated"],
            adoptionDate: (row["adoption_date"] as String?).flatMap(LocalDate.init), neutered: row["neutered"],
            microchip: row["microchip"], markings: row["markings"], notes: row["notes"],
            weightUnit: BodyWeightUnit(rawValue: row["weight_unit"]) ?? species.defaultWeightUnit)
        return Pet(id: row["id"], profile: profile, photoSHA: row["photo_sha"], archivedAt: row["archived_at"])
    }

    private static func writeProfile(id: Int64, _ profile: PetProfile, insert: Bool, _ db: Database) throws {
        let arguments: StatementArguments = [
            profile.species.rawValue, profile.speciesOther, profile.breed, profile.adoptionDate?.description, profile.neutered,
            profile.microchip, profile.markings, profile.notes, profile.weightUnit.rawValue, id,
        ]
        if insert {
            try db.execute(
                sql: """
                    INSERT INTO pet_profile (species, species_other, breed, adoption_date, neutered, microchip, markings, notes, weight_unit, subject_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: arguments)
        } else {
            try db.execute(
                sql: """
                    UPDATE pet_profile SET species = ?, species_other = ?, breed = ?, adoption_date = ?, neutered = ?, microchip = ?,
                        markings = ?, notes = ?, weight_unit = ? WHERE subject_id = ?
                    """, arguments: arguments)
        }
    }
}
