import Foundation
import GRDB
import HearthCore

/// The one household this database belongs to.
public struct HouseholdRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// nil until setup has happened.
    public func settings() async throws -> HouseholdSettings? {
        try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM household WHERE id = 1")).map(Self.settings(from:))
        }
    }

    /// Creates the household and its first owner in one transaction. Two setups racing
    /// each other: the second finds the household row and fails with `alreadySetUp`.
    public func setUp(_ settings: HouseholdSettings, owner: NewMember, passwordHash: String, now: Date = Date()) async throws -> Account {
        try await database.write { db in
            if try Row.fetchOne(db.cachedStatement(sql: "SELECT id FROM household WHERE id = 1")) != nil {
                throw StoreError.alreadySetUp
            }
            try db.execute(
                sql: """
                    INSERT INTO household (id, name, time_zone, language, weight_unit, volume_unit, currency, created_at, updated_at)
                    VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [settings.name, settings.timeZone, settings.language, settings.weightUnit, settings.volumeUnit, settings.currency, now, now])
            try RecipeRepository.nameStartingCategories(in: settings.language, db)
            var owner = owner
            owner.role = .owner
            return try AccountRepository.insert(owner, passwordHash: passwordHash, now: now, db)
        }
    }

    public func update(_ settings: HouseholdSettings, now: Date = Date()) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE household SET name = ?, time_zone = ?, language = ?, weight_unit = ?, volume_unit = ?, currency = ?, updated_at = ?
                    WHERE id = 1
                    """,
                arguments: [settings.name, settings.timeZone, settings.language, settings.weightUnit, settings.volumeUnit, settings.currency, now])
        }
    }

    private static func settings(from row: Row) -> HouseholdSettings {
        HouseholdSettings(
            name: row["name"],
            timeZone: row["time_zone"],
            language: Language(rawValue: row["language"]) ?? .en,
            weightUnit: WeightUnit(rawValue: row["weight_unit"]) ?? .kg,
            volumeUnit: VolumeUnit(rawValue: row["volume_unit"]) ?? .ml,
            currency: row["currency"])
    }
}
