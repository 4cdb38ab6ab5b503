import Foundation
import GRDB
import HearthCore

/// One recipe in a list: enough for a search result or a bookmark.
public struct RecipeSummary: Sendable, Equatable {
    public let id: Int64
    public let title: String
    public let category: String?
}

/// A recipe to store: what an import or the form produced.
public struct RecipeInput: Sendable, Equatable {
    public var title: String
    public var category: String?
    public var tags: [String] = []
    public var servings: Int?
    public var preparationMinutes: Int?
    public var cookingMinutes: Int?
    public var kcalPerServing: Double?
    public var gramsPerServing: Double?
    public var imageURL: String?
    public var sourceName: String?
    public var sourceURL: String?
    public var tip: String?
    public var description: String?
    public var ingredients: [Ingredient] = []
    public var steps: [(section: String?, text: String, imageURL: String?)] = []

    public init(title: String) { self.title = title }

    public static func == (a: RecipeInput, b: RecipeInput) -> Bool {
        a.title == b.title && a.category == b.category && a.tags == b.tags && a.servings == b.servings && a.ingredients == b.ingredients
            && a.steps.map(\.text) == b.steps.map(\.text) && a.sourceURL == b.sourceURL
    }
}

/// How several ingredients are looked for: recipes with every one, or with any.
public enum IngredientMatch: String, Sendable { case all, any }

/// The household's recipe book: stored in one transaction each, searched by title or by the
/// ingredients at hand (inside words, Korean included), bookmarked per member.
public struct RecipeRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    @discardableResult
    public func create(_ input: RecipeInput, createdBy: Int64?, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in try Self.insert(input, createdBy: createdBy, now: now, db) }
    }

    static func insert(_ input: RecipeInput, createdBy: Int64?, now: Date, _ db: Database) throws -> Int64 {
        let category = try input.category.flatMap { name in try Int64.fetchOne(db, sql: "SELECT id FROM recipe_category WHERE name = ? COLLATE NOCASE", arguments: [name]) }
            ?? (input.category == nil ? nil : try Int64.fetchOne(db, sql: "SELECT id FROM recipe_category WHERE name = 'Other'"))
        try db.execute(sql: """
            INSERT INTO recipe (title, category_id, servings, preparation_minutes, cooking_minutes, kcal_per_serving, grams_per_serving, image_url,
                                source_name, source_url, tip, description, ingredient_names, created_by, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [input.title, category, input.servings, input.preparationMinutes, input.cookingMinutes, input.kcalPerServing, input.gramsPerServing,
                             input.imageURL, input.sourceName, input.sourceURL, input.tip, input.description,
                             input.ingredients.map(\.name).joined(separator: "\n"), createdBy, now, now])
        let id = db.lastInsertedRowID
        for (position, ingredient) in input.ingredients.enumerated() {
            try db.execute(sql: """
                INSERT INTO recipe_ingredient (recipe_id, position, quantity, upper_quantity, unit, name, note, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [id, position, ingredient.quantity, ingredient.upperQuantity, ingredient.unit, ingredient.name, ingredient.note, ingredient.text])
        }
        for (position, step) in input.steps.enumerated() {
            try db.execute(sql: "INSERT INTO recipe_step (recipe_id, position, section, text, image_url) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id, position, step.section, step.text, step.imageURL])
        }
        for tag in Set(input.tags.map { $0.trimmingCharacters(in: .whitespaces) }).filter({ !$0.isEmpty }) {
            try db.execute(sql: "INSERT OR IGNORE INTO recipe_tag (recipe_id, tag) VALUES (?, ?)", arguments: [id, tag])
        }
        return id
    }

    /// What an import of many recipes did: each one imported, skipped as already in the book
    /// (the same source address, or the same title), or refused with the reason.
    public struct ImportSummary: Sendable, Equatable {
        public var imported: [String] = []
        public var duplicates: [String] = []
        public var refused: [(title: String, reason: String)] = []

        public static func == (a: ImportSummary, b: ImportSummary) -> Bool {
            a.imported == b.imported && a.duplicates == b.duplicates && a.refused.map(\.title) == b.refused.map(\.title)
        }
    }

    /// Stores many recipes in one transaction: all that are new, or none if the write fails.
    public func importMany(_ inputs: [RecipeInput], refused: [(title: String, reason: String)] = [], createdBy: Int64?, now: Date = Date()) async throws -> ImportSummary {
        try await database.write { db in
            var summary = ImportSummary(refused: refused)
            var titles = Set(try String.fetchAll(db, sql: "SELECT lower(title) FROM recipe"))
            var sources = Set(try String.fetchAll(db, sql: "SELECT source_url FROM recipe WHERE source_url IS NOT NULL"))
            for input in inputs {
                if titles.contains(input.title.lowercased()) || input.sourceURL.map(sources.contains) == true {
                    summary.duplicates.append(input.title)
                    continue
                }
                _ = try Self.insert(input, createdBy: createdBy, now: now, db)
                titles.insert(input.title.lowercased())
                if let source = input.sourceURL { sources.insert(source) }
                summary.imported.append(input.title)
            }
            return summary
        }
    }

    /// A whole recipe, as stored.
    public func recipe(id: Int64) throws -> RecipeInput? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT r.*, c.name AS category_name FROM recipe r LEFT JOIN recipe_category c ON c.id = r.category_id WHERE r.id = ?", arguments: [id]) else { return nil }
            var input = RecipeInput(title: row["title"])
            input.category = row["category_name"]
            input.servings = row["servings"]
            input.preparationMinutes = row["preparation_minutes"]
            input.cookingMinutes = row["cooking_minutes"]
            input.kcalPerServing = row["kcal_per_serving"]
            input.gramsPerServing = row["grams_per_serving"]
            input.imageURL = row["image_url"]
            input.sourceName = row["source_name"]
            input.sourceURL = row["source_url"]
            input.tip = row["tip"]
            input.description = row["description"]
            input.tags = try String.fetchAll(db, sql: "SELECT tag FROM recipe_tag WHERE recipe_id = ? ORDER BY tag", arguments: [id])
            input.ingredients = try Row.fetchAll(db, sql: "SELECT * FROM recipe_ingredient WHERE recipe_id = ? ORDER BY position", arguments: [id]).map {
                Ingredient(quantity: $0["quantity"], upperQuantity: $0["upper_quantity"], unit: $0["unit"], name: $0["name"], note: $0["note"], text: $0["text"])
            }
            input.steps = try Row.fetchAll(db, sql: "SELECT section, text, image_url FROM recipe_step WHERE recipe_id = ? ORDER BY position", arguments: [id]).map {
                (section: $0[0] as String?, text: $0[1] as String, imageURL: $0[2] as String?)
            }
            return input
        }
    }

    public func allIDs() throws -> [Int64] {
        try database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM recipe ORDER BY title COLLATE NOCASE, id") }
    }

    /// Recipes whose title has every word of `query` (inside words: trigrams for three
    /// characters or more, else LIKE), by title.
    public func search(title query: String, limit: Int = 50) throws -> [RecipeSummary] {
        let words = query.split(whereSeparator: \.isWhitespace).map(String.init)
        return try database.read { db in
            if words.isEmpty { return try Self.summaries(db, where: "1", arguments: [], limit: limit) }
            if words.allSatisfy({ $0.count >= 3 }) {
                let match = "title : (" + words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ") + ")"
                return try Self.summaries(db, where: "r.id IN (SELECT rowid FROM recipe_search WHERE recipe_search MATCH ?)", arguments: [match], limit: limit)
            }
            let condition = words.map { _ in "r.title LIKE ?" }.joined(separator: " AND ")
            return try Self.summaries(db, where: condition, arguments: StatementArguments(words.map { "%\(Self.escapedLike($0))%" }), limit: limit)
        }
    }

    /// Recipes with every (or any) of the ingredients, each found inside an ingredient's name
    /// ("파" finds 대파 and 양파). The same ingredient twice is the caller's to refuse.
    public func search(ingredients: [String], match: IngredientMatch, limit: Int = 50) throws -> [RecipeSummary] {
        let wanted = ingredients.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !wanted.isEmpty else { return [] }
        return try database.read { db in
            let one = "EXISTS (SELECT 1 FROM recipe_ingredient i WHERE i.recipe_id = r.id AND i.name LIKE ? ESCAPE '\\')"
            let condition = wanted.map { _ in one }.joined(separator: match == .all ? " AND " : " OR ")
            return try Self.summaries(db, where: condition, arguments: StatementArguments(wanted.map { "%\(Self.escapedLike($0))%" }), limit: limit)
        }
    }

    private static func escapedLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }

    private static func summaries(_ db: Database, where condition: String, arguments: StatementArguments, limit: Int) throws -> [RecipeSummary] {
        try Row.fetchAll(db, sql: """
            SELECT r.id, r.title, c.name FROM recipe r LEFT JOIN recipe_category c ON c.id = r.category_id
            WHERE \(condition) ORDER BY r.title COLLATE NOCASE, r.id LIMIT \(limit)
            """, arguments: arguments).map { RecipeSummary(id: $0[0], title: $0[1], category: $0[2]) }
    }

    // MARK: Bookmarks, each member's own

    public func setBookmark(_ on: Bool, recipeID: Int64, accountID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            if on {
                try db.execute(sql: "INSERT OR IGNORE INTO recipe_bookmark (account_id, recipe_id, created_at) VALUES (?, ?, ?)", arguments: [accountID, recipeID, now])
            } else {
                try db.execute(sql: "DELETE FROM recipe_bookmark WHERE account_id = ? AND recipe_id = ?", arguments: [accountID, recipeID])
            }
        }
    }

    /// A member's bookmarks, by category then title.
    public func bookmarks(accountID: Int64) throws -> [RecipeSummary] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.id, r.title, c.name FROM recipe_bookmark b JOIN recipe r ON r.id = b.recipe_id LEFT JOIN recipe_category c ON c.id = r.category_id
                WHERE b.account_id = ? ORDER BY coalesce(c.position, 999), r.title COLLATE NOCASE, r.id
                """, arguments: [accountID]).map { RecipeSummary(id: $0[0], title: $0[1], category: $0[2]) }
        }
    }
}
