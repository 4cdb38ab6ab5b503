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

    /// Decoded by hand: every request reads its member's account, and GRDB's Codable path
    /// was a visible part of that.
    public init(row: Row) throws {
        id = row["id"]
        username = row["username"]
        displayName = row["display_name"]
        passwordHash = row["password_hash"]
        role = Role(rawValue: row["role"]) ?? .viewer
        language = (row["language"] as String?).flatMap(Language.init(rawValue:))
        disabledAt = row["disabled_at"]
        createdAt = row["created_at"]
        updatedAt = row["updated_at"]
    }

    public init(
        id: Int64?, username: String, displayName: String, passwordHash: String, role: Role, language: Language?,
        disabledAt: Date?, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.passwordHash = passwordHash
        self.role = role
        self.language = language
        self.disabledAt = disabledAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Account {
    /// The columns a signed-in member (by session or by API token) is read from, in this order:
    /// every request reads them, by position (looking columns up by name was a visible cost).
    /// The last is the person of the household who is this account (self-care: 할머니's own water).
    static let signedInColumns =
        "a.id, a.username, a.display_name, a.password_hash, a.role, a.language, a.disabled_at, a.created_at, a.updated_at, a.limited, "
        + "(SELECT id FROM subject WHERE account_id = a.id AND kind = 'person' AND archived_at IS NULL ORDER BY id LIMIT 1)"
    static let signedInColumnCount = 11

    /// The account and the subjects it may see, from `signedInColumns` starting at column `first`.
    static func signedIn(_ row: Row, from first: Int, _ db: Database) throws -> (account: Account, access: SubjectAccess, me: Int64?) {
        let account = Account(
            id: row[first], username: row[first + 1], displayName: row[first + 2], passwordHash: row[first + 3],
            role: Role(rawValue: row[first + 4]) ?? .viewer, language: (row[first + 5] as String?).flatMap(Language.init(rawValue:)),
            disabledAt: row[first + 6], createdAt: row[first + 7], updatedAt: row[first + 8])
        let me: Int64? = row[first + 10]
        return (account, try AccountRepository.access(limited: row[first + 9], role: account.role, accountID: account.id!, db), me)
    }
}

extension Role: DatabaseValueConvertible {}
extension Language: DatabaseValueConvertible {}
extension WeightUnit: DatabaseValueConvertible {}
extension VolumeUnit: DatabaseValueConvertible {}
