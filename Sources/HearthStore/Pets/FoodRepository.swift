import Foundation
import GRDB
import HearthCore

public struct Food: Sendable, Equatable, Identifiable {
    public let id: Int64
    public var name: String
    public var kind: FoodKind
    public var kcalPer100g: Double?
    /// The species it is for; nil for any.
    public var species: Species? = nil
    /// For a treat counted in pieces.
    public var kcalPerPiece: Double? = nil
}

/// The household's food list, and each pet's feelings about each food.
public struct FoodRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Every food for this pet's species (or for any) with its preference: loved first, allergies
    /// last, then by name. Another species' foods are not offered (nor shown to a sitter of this pet).
    public func foods(for subjectID: Int64) async throws -> [(food: Food, preference: FoodPreference?)] {
        try database.read { db in try Self.foods(for: subjectID, db) }
    }

    static func foods(for subjectID: Int64, _ db: Database) throws -> [(food: Food, preference: FoodPreference?)] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT f.id, f.name, f.kind, f.kcal_per_100g, p.preference, f.species, f.kcal_per_piece
                    FROM food f LEFT JOIN food_preference p ON p.food_id = f.id AND p.subject_id = ?1
                    WHERE f.species IS NULL OR f.species = (SELECT species FROM pet_profile WHERE subject_id = ?1)
                    ORDER BY \(Self.pickingOrder), f.name COLLATE NOCASE, f.id
                    """), arguments: [subjectID]
        )
        .map { row in
            (
                Food(
                    id: row[0], name: row[1], kind: FoodKind(rawValue: row[2]) ?? .food, kcalPer100g: row[3],
                    species: (row[5] as String?).flatMap(Species.init), kcalPerPiece: row[6]),
                (row[4] as String?).flatMap(FoodPreference.init(rawValue:))
            )
        }
    }

    /// Foods' names by id (what the history names a meal's food by).
    public func names(ids: [Int64]) throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT id, name FROM food WHERE id IN (SELECT value FROM json_each(?))", arguments: IDList(ids: ids).argument)
                    .map { ($0[0] as Int64, $0[1] as String) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Whether a pet may eat this food: it is for the pet's species or for any (what a meal's save checks).
    public func suits(foodID: Int64, subjectID: Int64) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT 1 FROM food WHERE id = ? AND (species IS NULL OR species = (SELECT species FROM pet_profile WHERE subject_id = ?))"),
                arguments: [foodID, subjectID]) == true
        }
    }

    static func food(id: Int64, _ db: Database) throws -> Food? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, kind, kcal_per_100g, species, kcal_per_piece FROM food WHERE id = ?"), arguments: [id]).map {
            row in
            Food(
                id: row[0], name: row[1], kind: FoodKind(rawValue: row[2]) ?? .food, kcalPer100g: row[3], species: (row[4] as String?).flatMap(Species.init),
                kcalPerPiece: row[5])
        }
    }

    /// `FoodPreference.pickingOrder` as SQL, so SQLite sorts (no preference counts as neutral).
    private static let pickingOrder =
        "CASE p.preference "
        + FoodPreference.allCases.map { "WHEN '\($0.rawValue)' THEN \($0.pickingOrder) " }.joined()
        + "ELSE \(FoodPreference.neutral.pickingOrder) END"

    /// nil clears the preference (back to neutral).
    public func setPreference(_ preference: FoodPreference?, subjectID: Int64, foodID: Int64) async throws {
        try await database.write { db in
            if let preference {
                try db.execute(
                    sql:
                        "INSERT INTO food_preference (subject_id, food_id, preference) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET preference = excluded.preference",
                    arguments: [subjectID, foodID, preference.rawValue])
            } else {
                try db.execute(sql: "DELETE FROM food_preference WHERE subject_id = ? AND food_id = ?", arguments: [subjectID, foodID])
            }
        }
    }

    public func create(
        name: String, kind: FoodKind, kcalPer100g: Double?, kcalPerPiece: Double? = nil, species: Species? = nil, now: Date = Date()
    ) async throws -> Int64 {
        try await database.write { db in
            try Self.findOrCreate(name: name, kind: kind, kcalPer100g: kcalPer100g, kcalPerPiece: kcalPerPiece, species: species, now: now, db)
        }
    }

    /// A food typed inline that already exists (in any letter case) is the existing one; typed
    /// for a pet of another species, it becomes a food for any.
    static func findOrCreate(
        name: String, kind: FoodKind, kcalPer100g: Double?, kcalPerPiece: Double? = nil, species: Species?, now: Date, _ db: Database
    ) throws -> Int64 {
        if let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, species FROM food WHERE name = ? COLLATE NOCASE"), arguments: [name]) {
            let id: Int64 = row[0]
            if let kept = row[1] as String?, kept != species?.rawValue { try db.execute(sql: "UPDATE food SET species = NULL WHERE id = ?", arguments: [id]) }
            return id
        }
        try db.execute(
            sql: "INSERT INTO food (name, kind, kcal_per_100g, kcal_per_piece, species, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [name, kind.rawValue, kcalPer100g, kcalPerPiece, species?.rawValue, now])
        return db.lastInsertedRowID
    }
}
