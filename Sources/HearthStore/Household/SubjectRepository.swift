import Foundation
import GRDB
import HearthCore

/// A pet or a person, as lists across the household show them (the calendar, the home page).
public struct SubjectSummary: Sendable, Equatable, Identifiable {
    public enum Kind: String, Sendable { case pet, person }

    public let id: Int64
    public let kind: Kind
    public let name: String
    public let colour: SubjectColour?
    public let photoSHA: String?
    /// A pet's own unit for its weights; nil for people (they follow the household's).
    public let petWeightUnit: BodyWeightUnit?
    /// The day Hearth began keeping them.
    public let createdAt: Date
}

/// Every current pet and person a member may see.
public struct SubjectRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func subjects(access: SubjectAccess) async throws -> [SubjectSummary] {
        try database.read { db in try Self.subjects(access: access, db) }
    }

    /// One current subject, if the member may see it.
    public func subject(id: Int64, access: SubjectAccess) throws -> SubjectSummary? {
        guard access.allows(id) else { return nil }
        return try database.read { db in try Self.subjects(access: .only([id]), db).first }
    }

    /// The subjects a page that several areas fill shows, kept between writes (each card asks).
    public static func subjects(access: SubjectAccess, in snapshot: Snapshot) throws -> [SubjectSummary] {
        let key: String
        switch access {
        case .everyone: key = "*"
        case .only(let ids): key = ids.sorted().map(String.init).joined(separator: ",")
        }
        return try snapshot.database.subjectCache.value(key, generation: snapshot.generation) { try subjects(access: access, snapshot.db) }
    }

    /// People first (the household's own), then pets; each by name.
    static func subjects(access: SubjectAccess, includeArchived: Bool = false, _ db: Database) throws -> [SubjectSummary] {
        // Cached: the same text for a member from one request to the next (preparing is the cost).
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT s.id, s.kind, s.name, s.colour, s.photo_sha, s.created_at, p.weight_unit FROM subject s
                    LEFT JOIN pet_profile p ON p.subject_id = s.id
                    WHERE (s.archived_at IS NULL OR \(includeArchived)) AND \(access.sqlCondition("s.id"))
                    ORDER BY s.kind = 'pet', s.name COLLATE NOCASE
                    """)
        ).map { row in
            SubjectSummary(
                id: row["id"], kind: SubjectSummary.Kind(rawValue: row["kind"]) ?? .pet, name: row["name"],
                colour: (row["colour"] as String?).flatMap(SubjectColour.init), photoSHA: row["photo_sha"],
                petWeightUnit: (row["weight_unit"] as String?).flatMap(BodyWeightUnit.init), createdAt: row["created_at"])
        }
    }
}
