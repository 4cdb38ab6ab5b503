import Foundation
import GRDB
import HearthCore

/// A login of one member of the household.
public struct Account: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "account"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    public var id: Int64?
    public var username: String
    public var displayName: String
    public var passwordHash: String
    public var role: Role
    /// nil: follows the household's language.
    public var language: Language?
    public var disabledAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    public var isDisabled: Bool { disabledAt != nil }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Role: DatabaseValueConvertible {}
extension Language: DatabaseValueConvertible {}
extension WeightUnit: DatabaseValueConvertible {}
extension VolumeUnit: DatabaseValueConvertible {}
