import Foundation
import GRDB
import HearthCore

// The detail tables of the records of every day (the care records' are in Health).

enum WeightTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .weight(let value, let unit) = details else { return }
        try db.execute(
            sql: "INSERT INTO weight_entry (entry_id, value, unit, grams) VALUES (?, ?, ?, ?)",
            arguments: [id, value, unit.rawValue, value * unit.gramsPerUnit])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        // With each weighing the one before it (a change is shown beside it).
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT w.entry_id, w.value, w.unit, (
                        SELECT pw.grams FROM entry p JOIN weight_entry pw ON pw.entry_id = p.id
                        WHERE p.subject_id = e.subject_id AND p.kind = 'weight' AND p.deleted_at IS NULL AND (p.occurred_at, p.id) < (e.occurred_at, e.id)
                        ORDER BY p.occurred_at DESC, p.id DESC LIMIT 1)
                    FROM weight_entry w JOIN entry e ON e.id = w.entry_id WHERE w.\(IDList.condition)
                    """), arguments: ids.argument)
        while let row = try rows.next() {
            found[row[0]] = ReadDetails(
                details: .weight(value: row[1], unit: BodyWeightUnit(rawValue: row[2]) ?? .kg), previousWeightGrams: row[3])
        }
        return found
    }
}

enum MealTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .meal(let food, let amount, let unit, let outcome) = details else { return }
        let foodID: Int64
        // The pet's species: a food of another species' is not this pet's to eat.
        let species = try String.fetchOne(
            db.cachedStatement(sql: "SELECT p.species FROM entry e JOIN pet_profile p ON p.subject_id = e.subject_id WHERE e.id = ?"), arguments: [id])
        switch food {
        case .existing(let existing):
            guard
                try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT 1 FROM food WHERE id = ? AND (species IS NULL OR species = ?)"), arguments: [existing, species]) == true
            else { throw StoreError.foodNotFound }
            foodID = existing
        case .new(let name, let kind, let kcal, let perPiece):
            foodID = try FoodRepository.findOrCreate(
                name: name, kind: kind, kcalPer100g: kcal, kcalPerPiece: perPiece, species: species.flatMap(Species.init), now: now, db)
        }
        try db.execute(
            sql: "INSERT INTO meal_entry (entry_id, food_id, amount, amount_unit, outcome) VALUES (?, ?, ?, ?, ?)",
            arguments: [id, foodID, amount, unit.rawValue, outcome.rawValue])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT m.entry_id, m.food_id, m.amount, m.amount_unit, m.outcome, f.name, f.kind
                    FROM meal_entry m LEFT JOIN food f ON f.id = m.food_id WHERE m.\(IDList.condition)
                    """), arguments: ids.argument)
        while let row = try rows.next() {
            found[row[0]] = ReadDetails(
                details: .meal(
                    food: .existing(id: row[1]), amount: row[2], unit: AmountUnit(rawValue: row[3]) ?? .g, outcome: MealOutcome(rawValue: row[4]) ?? .all),
                foodName: row[5], foodKind: (row[6] as String?).flatMap(FoodKind.init(rawValue:)))
        }
        return found
    }
}

enum ToiletTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .toilet(let urine, let stool, let colour, let score, let blood, let mucus) = details else { return }
        try db.execute(
            sql: "INSERT INTO excretion_entry (entry_id, urine, stool, colour, fecal_score, blood, mucus) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [id, urine, stool, colour?.rawValue, score, blood, mucus])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT entry_id, urine, stool, colour, fecal_score, blood, mucus FROM excretion_entry WHERE \(IDList.condition)"),
            arguments: ids.argument)
        while let row = try rows.next() {
            found[row[0]] = ReadDetails(
                details: .toilet(
                    urine: row[1], stool: row[2], colour: (row[3] as String?).flatMap(ExcretionColour.init(rawValue:)), fecalScore: row[4], blood: row[5],
                    mucus: row[6]))
        }
        return found
    }
}

enum VomitTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .vomit(let times, let contents) = details else { return }
        try db.execute(sql: "INSERT INTO vomit_entry (entry_id, times, contents) VALUES (?, ?, ?)", arguments: [id, times, contents])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, times, contents FROM vomit_entry WHERE \(IDList.condition)"), arguments: ids.argument)
        while let row = try rows.next() { found[row[0]] = ReadDetails(details: .vomit(times: row[1], contents: row[2])) }
        return found
    }
}

enum SymptomTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .symptom(let signs, let severity, let description) = details else { return }
        try db.execute(
            sql: "INSERT INTO symptom_entry (entry_id, signs, severity, description) VALUES (?, ?, ?, ?)",
            arguments: [id, signs.joined(separator: ","), severity, description])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, signs, severity, description FROM symptom_entry WHERE \(IDList.condition)"), arguments: ids.argument)
        while let row = try rows.next() {
            let signs = (row[1] as String).split(separator: ",").map(String.init)
            found[row[0]] = ReadDetails(details: .symptom(signs: signs, severity: row[2], description: row[3]))
        }
        return found
    }
}

enum WalkTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .walk(let activity, let minutes, let distance) = details else { return }
        try db.execute(
            sql: "INSERT INTO walk_entry (entry_id, activity, minutes, distance_km) VALUES (?, ?, ?, ?)", arguments: [id, activity.rawValue, minutes, distance])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, activity, minutes, distance_km FROM walk_entry WHERE \(IDList.condition)"), arguments: ids.argument)
        while let row = try rows.next() {
            found[row[0]] = ReadDetails(details: .walk(activity: Activity(rawValue: row[1]) ?? .walk, minutes: row[2], distanceKm: row[3]))
        }
        return found
    }
}

enum DiaryTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .diary(let title, let text) = details else { return }
        try db.execute(sql: "INSERT INTO diary_entry (entry_id, title, body) VALUES (?, ?, ?)", arguments: [id, title, text])
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var found: [Int64: ReadDetails] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, title, body FROM diary_entry WHERE \(IDList.condition)"), arguments: ids.argument)
        while let row = try rows.next() { found[row[0]] = ReadDetails(details: .diary(title: row[1], text: row[2])) }
        return found
    }
}
