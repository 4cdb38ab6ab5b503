import Foundation
import GRDB
import HearthCore
import Synchronization

/// A medicine a person is given: which regimen (nil: the one being typed), which item, and
/// the catalogue entry whose ingredients say what is in it.
public struct HeldMedicine: Sendable, Equatable {
    public let regimenID: Int64?
    public let regimenName: String
    public let itemName: String
    public let medicineID: Int64

    public init(regimenID: Int64?, regimenName: String, itemName: String, medicineID: Int64) {
        (self.regimenID, self.regimenName, self.itemName, self.medicineID) = (regimenID, regimenName, itemName, medicineID)
    }
}

/// A pair on the 병용금기 list held by two of a person's medicines.
public struct Interaction: Sendable, Equatable {
    public let pair: DURPair
    public let first: HeldMedicine
    public let second: HeldMedicine

    public func involves(regimenID: Int64?) -> Bool { first.regimenID == regimenID || second.regimenID == regimenID }
}

/// An ingredient on the 노인주의 list in one of a person's medicines.
public struct ElderlyCaution: Sendable, Equatable {
    public let caution: DURCaution
    public let medicine: HeldMedicine
}

/// A medicine typed on a regimen that the catalogue has no entry for, by its name or as its
/// only ingredient: the lists could not be asked about it ("DUR 확인 안 됨").
public struct UncheckedMedicine: Sendable, Equatable {
    public let regimenID: Int64?
    public let regimenName: String
    public let itemName: String
}

/// What the DUR lists say of a person's medicines.
public struct InteractionCheck: Sendable, Equatable {
    public var interactions: [Interaction] = []
    public var cautions: [ElderlyCaution] = []
    /// Medicines the lists could not be asked about (said once a list has been imported).
    public var unchecked: [UncheckedMedicine] = []
    /// When each list was imported, and the newest 고시일자 in it: "the public list of <date>".
    public var lists: [DURList: ImportedDURList] = [:]

    public var isEmpty: Bool { interactions.isEmpty && cautions.isEmpty }

    public func about(regimenID: Int64?) -> InteractionCheck {
        InteractionCheck(
            interactions: interactions.filter { $0.involves(regimenID: regimenID) }, cautions: cautions.filter { $0.medicine.regimenID == regimenID },
            unchecked: unchecked.filter { $0.regimenID == regimenID }, lists: lists)
    }
}

public struct ImportedDURList: Sendable, Equatable {
    public let importedAt: Date
    public let rows: Int
    public let newestNotified: String?
}

/// The imported DUR lists, and the check of a person's medicines against them. Pets are never
/// matched: the lists are for people.
public struct InteractionRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Replaces the list with the rows `produce` hands over as its file is read, a batch a
    /// transaction (`AppDatabase.writeInBatches`): a row already there (same key) is written
    /// over, and once the last is in, a row the new list no longer has is gone, as it is from
    /// the list. Each row's ingredient keys are worked out before its batch's write. A list cut
    /// short keeps the rows written before, over the earlier list's. Returns how many rows it holds.
    public func replace(
        _ list: DURList, now: Date = Date(),
        _ produce: @escaping @Sendable (_ pair: (DURPair) throws -> Void, _ caution: (DURCaution) throws -> Void) throws -> Void
    ) async throws -> Int {
        let newest = Mutex(String?.none)
        let table = list == .pairs ? "dur_pair" : "dur_elderly"
        let sql =
            switch list {
            case .pairs:
                """
                INSERT OR REPLACE INTO dur_pair (list_key, first_code, first_name, first_english, first_key, first_english_key,
                    second_code, second_name, second_english, second_key, second_english_key, content, notified, imported_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            case .elderly:
                """
                INSERT OR REPLACE INTO dur_elderly (list_key, code, name, english, name_key, english_key, content, notified, imported_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            }
        return try await PublicListWrite.replace(
            table, list: list.rawValue, in: database, now: now, newest: { newest.withLock { $0 } },
            { (add: (StatementArguments) throws -> Void) in
                func row(_ notified: String?, _ values: [DatabaseValueConvertible?]) throws {
                    newest.withLock { $0 = [$0, notified].compactMap { $0 }.max() }
                    try add(StatementArguments(values + [now]))
                }
                try produce(
                    { pair in
                        guard list == .pairs else { return }
                        try row(pair.notified, [pair.key] + Self.values(pair.first) + Self.values(pair.second) + [pair.content, pair.notified])
                    },
                    { caution in
                        guard list == .elderly else { return }
                        try row(caution.notified, [caution.key] + Self.values(caution.ingredient) + [caution.content, caution.notified])
                    })
            },
            write: { db, rows in
                let insert = try db.cachedStatement(sql: sql)
                for row in rows { try insert.execute(arguments: row) }
            })
    }

    private static func values(_ ingredient: DURIngredient) -> [DatabaseValueConvertible?] {
        let english = ingredient.english.map(IngredientName.key)
        return [ingredient.code, ingredient.name, ingredient.english, IngredientName.key(ingredient.name), english?.isEmpty == false ? english : nil]
    }

    /// The person's medicines now: the current items of their regimens that have not ended,
    /// whoever gives them, each with its catalogue entry — picked on the form, or found for
    /// the name typed — and those the catalogue has none for.
    public static func held(personID: Int64, today: LocalDate, _ db: Database) throws -> (held: [HeldMedicine], unchecked: [UncheckedMedicine]) {
        var found: (held: [HeldMedicine], unchecked: [UncheckedMedicine]) = ([], [])
        for regimen in try RegimenRepository.regimens(access: .everyone, subjectID: personID, includeDeleted: false, db) where !regimen.hasEnded(by: today) {
            let matched = try matched((regimen.id, regimen.name, regimen.currentItems.map(\.input)), db)
            found.held += matched.held
            found.unchecked += matched.unchecked
        }
        return found
    }

    /// A regimen's items with their catalogue entries: the one picked on the form, else the
    /// medicine of the name typed (as the catalogue writes it, spaces and case aside), else the
    /// one medicine whose only ingredient is the name typed. A typed medicine is checked as one
    /// chosen from the catalogue is; one found neither way is said to be unchecked.
    static func matched(
        _ regimen: (id: Int64?, name: String, items: [RegimenItemInput]), _ db: Database
    ) throws
        -> (held: [HeldMedicine], unchecked: [UncheckedMedicine])
    {
        var found: (held: [HeldMedicine], unchecked: [UncheckedMedicine]) = ([], [])
        for item in regimen.items {
            if let id = try item.medicineID ?? catalogued(item.name, db) {
                found.held.append(HeldMedicine(regimenID: regimen.id, regimenName: regimen.name, itemName: item.name, medicineID: id))
            } else {
                found.unchecked.append(UncheckedMedicine(regimenID: regimen.id, regimenName: regimen.name, itemName: item.name))
            }
        }
        return found
    }

    /// The catalogue's entry for a name typed on a regimen, if it has exactly one.
    static func catalogued(_ typed: String, _ db: Database) throws -> Int64? {
        let name = typed.lowercased().filter { !$0.isWhitespace }
        guard !name.isEmpty else { return nil }
        let byName = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM medicine WHERE replace(replace(lower(name), ' ', ''), char(9), '') = ? LIMIT 2"), arguments: [name])
        if byName.count == 1 { return byName[0] }
        guard byName.isEmpty else { return nil }
        // As an ingredient: the one medicine that holds that and nothing else.
        let key = IngredientName.key(typed)
        guard !key.isEmpty else { return nil }
        let holders = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, ingredients FROM medicine WHERE ingredients LIKE '%' || ? || '%' LIMIT 200"),
            arguments: [typed.trimmingCharacters(in: .whitespaces)]
        ).filter { IngredientName.keys(in: $0[1] as String? ?? "") == [key] }
        return holders.count == 1 ? holders[0][0] : nil
    }

    /// What the lists say of `held` (and, for a person 65 or older, the cautions for older people).
    public func check(_ held: [HeldMedicine], elderly: Bool) throws -> InteractionCheck {
        try database.read { db in try Self.check(held, elderly: elderly, db) }
    }

    /// The check of a person's medicines now, for their pages and the report; with `typed`, as
    /// they would be were the regimen on the form saved (in place of itself, when it is one of
    /// theirs). A pet's is always empty: the lists are for people.
    public func check(
        personID: Int64, today: LocalDate, typed: (regimenID: Int64?, name: String, items: [RegimenItemInput])? = nil
    ) throws
        -> InteractionCheck
    {
        try database.read { db in try Self.check(personID: personID, today: today, typed: typed, db) }
    }

    static func check(
        personID: Int64, today: LocalDate, typed: (regimenID: Int64?, name: String, items: [RegimenItemInput])?, _ db: Database
    ) throws
        -> InteractionCheck
    {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT kind, birth_date FROM subject WHERE id = ?"), arguments: [personID]),
            row[0] as String == "person"
        else { return InteractionCheck() }
        var (held, unchecked) = try Self.held(personID: personID, today: today, db)
        if let typed {
            held.removeAll { typed.regimenID != nil && $0.regimenID == typed.regimenID }
            unchecked.removeAll { typed.regimenID != nil && $0.regimenID == typed.regimenID }
            let matched = try Self.matched((typed.regimenID, typed.name, typed.items), db)
            held += matched.held
            unchecked += matched.unchecked
        }
        var check = try Self.check(held, elderly: Self.isElderly((row[1] as String?).flatMap(LocalDate.init), today: today), db)
        if !check.lists.isEmpty { check.unchecked = unchecked }
        return check
    }

    /// 65 or older on `today` by the birth date (unknown: not).
    public static func isElderly(_ birthDate: LocalDate?, today: LocalDate) -> Bool {
        guard let birthDate else { return false }
        return birthDate <= today.minus(years: 65)
    }

    static func check(_ held: [HeldMedicine], elderly: Bool, _ db: Database) throws -> InteractionCheck {
        var check = InteractionCheck()
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT list, imported_at, rows, newest_notified FROM dur_import")) {
            if let list = DURList(rawValue: row[0]) { check.lists[list] = ImportedDURList(importedAt: row[1], rows: row[2], newestNotified: row[3]) }
        }
        guard !held.isEmpty else { return check }
        let ids = "[" + Set(held.map(\.medicineID)).map(String.init).joined(separator: ",") + "]"
        var ingredients: [Int64: Set<String>] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, ingredients FROM medicine WHERE id IN (SELECT value FROM json_each(?)) AND ingredients IS NOT NULL"),
            arguments: [ids])
        {
            ingredients[row[0]] = IngredientName.keys(in: row[1])
        }
        let keys = Set(ingredients.values.joined())
        guard !keys.isEmpty else { return check }
        let list = "[" + keys.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        func holders(_ names: [String?]) -> [HeldMedicine] {
            let wanted = Set(names.compactMap { $0 })
            return held.filter { !(ingredients[$0.medicineID] ?? []).isDisjoint(with: wanted) }
        }
        let pairs = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT first_code, first_name, first_english, first_key, first_english_key,
                        second_code, second_name, second_english, second_key, second_english_key, content, notified
                    FROM dur_pair
                    WHERE (first_key IN (SELECT value FROM json_each(?1)) OR first_english_key IN (SELECT value FROM json_each(?1)))
                        AND (second_key IN (SELECT value FROM json_each(?1)) OR second_english_key IN (SELECT value FROM json_each(?1)))
                    ORDER BY first_name, second_name
                    """), arguments: [list])
        for row in pairs {
            let pair = DURPair(
                first: DURIngredient(code: row[0], name: row[1], english: row[2]), second: DURIngredient(code: row[5], name: row[6], english: row[7]),
                content: row[10], notified: row[11])
            for first in holders([row[3], row[4]]) {
                for second in holders([row[8], row[9]]) where first != second {
                    check.interactions.append(Interaction(pair: pair, first: first, second: second))
                }
            }
        }
        guard elderly else { return check }
        let cautions = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT code, name, english, name_key, english_key, content, notified FROM dur_elderly
                    WHERE name_key IN (SELECT value FROM json_each(?1)) OR english_key IN (SELECT value FROM json_each(?1)) ORDER BY name
                    """), arguments: [list])
        for row in cautions {
            let caution = DURCaution(ingredient: DURIngredient(code: row[0], name: row[1], english: row[2]), content: row[5], notified: row[6])
            for medicine in holders([row[3], row[4]]) { check.cautions.append(ElderlyCaution(caution: caution, medicine: medicine)) }
        }
        return check
    }
}
