import Foundation
import GRDB
import HearthCore

/// One recipe in a list: enough for a search result or a bookmark.
public struct RecipeSummary: Sendable, Equatable {
    public let id: Int64
    public let title: String
    public let category: String?

    public init(id: Int64, title: String, category: String?) { (self.id, self.title, self.category) = (id, title, category) }
}

/// The household's recipe book: stored in one transaction each, searched by title or by the
/// ingredients at hand (inside words, Korean included), bookmarked per member.
public struct RecipeRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// Stores a recipe with its new photos (already on disk) in one transaction.
    @discardableResult
    public func create(_ input: RecipeInput, photos: [PhotoRecord] = [], createdBy: Int64?, now: Date = Date()) async throws -> Int64 {
        try await database.write { db in
            for photo in photos { try photo.insertIfMissing(db, now: now) }
            return try Self.insert(input, createdBy: createdBy, now: now, db)
        }
    }

    /// Saves an edit in one transaction: the fields, and the ingredients, steps and tags
    /// written afresh. Returns the digests of photos the recipe no longer shows, for their
    /// files to go when nothing else uses them.
    public func update(id: Int64, _ input: RecipeInput, photos: [PhotoRecord] = [], now: Date = Date()) async throws -> [String] {
        try await database.write { db in
            for photo in photos { try photo.insertIfMissing(db, now: now) }
            let before = try Self.photoDigests(id, db)
            try db.execute(
                sql: """
                    UPDATE recipe SET title = ?, category_id = ?, servings = ?, preparation_minutes = ?, cooking_minutes = ?, kcal_per_serving = ?, grams_per_serving = ?,
                        photo_sha = ?, image_url = ?, source_name = ?, source_url = ?, tip = ?, description = ?, ingredient_names = ?, updated_at = ? WHERE id = ?
                    """, arguments: StatementArguments(try Self.values(input, db)) + [now, id])
            if db.changesCount == 0 { throw StoreError.recordNotFound }
            try db.execute(
                sql:
                    "DELETE FROM recipe_ingredient WHERE recipe_id = ?; DELETE FROM recipe_step WHERE recipe_id = ?; DELETE FROM recipe_tag WHERE recipe_id = ?",
                arguments: [id, id, id])
            try Self.insertParts(input, id: id, db)
            return Array(Set(before).subtracting(input.photoDigests))
        }
    }

    /// Deletes a recipe (its ingredients, steps, tags and bookmarks with it); returns its
    /// photos' digests.
    public func delete(id: Int64) async throws -> [String] {
        try await database.write { db in
            let digests = try Self.photoDigests(id, db)
            try db.execute(sql: "DELETE FROM recipe WHERE id = ?", arguments: [id])
            if db.changesCount == 0 { throw StoreError.recordNotFound }
            return digests
        }
    }

    private static func photoDigests(_ id: Int64, _ db: Database) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT photo_sha FROM recipe WHERE id = ? AND photo_sha IS NOT NULL
                    UNION SELECT photo_sha FROM recipe_step WHERE recipe_id = ? AND photo_sha IS NOT NULL
                    """), arguments: [id, id])
    }

    /// The public recipe data's categories (RCP_PAT2) and the book's first six.
    static let publicCategories = ["반찬": "Side dish", "국&찌개": "Soup and stew", "후식": "Dessert", "일품": "One-dish", "밥": "Rice", "기타": "Other"]

    /// Each starting category's name in the other language, both ways.
    static let sameCategory = publicCategories.merging(publicCategories.map { ($0.value, $0.key) }) { first, _ in first }

    /// A Korean household's book starts with the six in Korean, the public data's own names
    /// (so its recipes land in them by name). Called when the household is set up; the
    /// migration, which knows no language, wrote them in English.
    static func nameStartingCategories(in language: Language, _ db: Database) throws {
        guard language == .ko else { return }
        for (korean, english) in publicCategories {
            try db.execute(sql: "UPDATE recipe_category SET name = ? WHERE name = ?", arguments: [korean, english])
        }
    }

    /// The recipe's own columns, from `title` to `ingredient_names`, in the table's order.
    private static func values(_ input: RecipeInput, _ db: Database) throws -> [(any DatabaseValueConvertible)?] {
        // The book's category of that name, else the same one in the other language (반찬 is
        // Side dish), else (an import's "Main course") Other.
        let named = "SELECT id FROM recipe_category WHERE name = ? COLLATE NOCASE"
        let category =
            try input.category.map { name in
                try Int64.fetchOne(db, sql: named, arguments: [name])
                    ?? Self.sameCategory[name].flatMap { try Int64.fetchOne(db, sql: named, arguments: [$0]) }
                    ?? Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM recipe_category ORDER BY name IN ('Other', '기타') DESC, position DESC LIMIT 1"))
            } ?? nil
        return [
            input.title, category, input.servings, input.preparationMinutes, input.cookingMinutes, input.kcalPerServing, input.gramsPerServing,
            input.photoSHA, input.imageURL, input.sourceName, input.sourceURL, input.tip, input.description,
            input.ingredients.map(\.name).joined(separator: "\n"),
        ]
    }

    static func insert(_ input: RecipeInput, createdBy: Int64?, now: Date, _ db: Database) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO recipe (title, category_id, servings, preparation_minutes, cooking_minutes, kcal_per_serving, grams_per_serving, photo_sha, image_url,
                                    source_name, source_url, tip, description, ingredient_names, created_by, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: StatementArguments(try values(input, db)) + [createdBy, now, now])
        let id = db.lastInsertedRowID
        try insertParts(input, id: id, db)
        return id
    }

    /// Cached statements: an import writes a recipe's parts thousands of times over.
    private static func insertParts(_ input: RecipeInput, id: Int64, _ db: Database) throws {
        let ingredient = try db.cachedStatement(
            sql: """
                INSERT INTO recipe_ingredient (recipe_id, position, quantity, upper_quantity, unit, name, note, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (position, line) in input.ingredients.enumerated() {
            try ingredient.execute(arguments: [id, position, line.quantity, line.upperQuantity, line.unit, line.name, line.note, line.text])
        }
        let step = try db.cachedStatement(sql: "INSERT INTO recipe_step (recipe_id, position, section, text, image_url, photo_sha) VALUES (?, ?, ?, ?, ?, ?)")
        for (position, part) in input.steps.enumerated() {
            try step.execute(arguments: [id, position, part.section, part.text, part.imageURL, part.photoSHA])
        }
        let tag = try db.cachedStatement(sql: "INSERT OR IGNORE INTO recipe_tag (recipe_id, tag) VALUES (?, ?)")
        for name in Set(input.tags.map { $0.trimmingCharacters(in: .whitespaces) }).filter({ !$0.isEmpty }) {
            try tag.execute(arguments: [id, name])
        }
    }

    /// What an import of many recipes did: each one imported, or skipped as already in the book
    /// (the same source address, or the same title).
    public struct ImportSummary: Sendable, Equatable {
        public var imported: [RecipeSummary] = []
        public var duplicates: [String] = []
    }

    /// Stores many recipes in one transaction: all that are new, or none if the write fails.
    public func importMany(_ inputs: [RecipeInput], createdBy: Int64?, now: Date = Date()) async throws -> ImportSummary {
        try await database.write { db in
            var summary = ImportSummary()
            var titles = Set(try String.fetchAll(db.cachedStatement(sql: "SELECT lower(title) FROM recipe")))
            var sources = Set(try String.fetchAll(db.cachedStatement(sql: "SELECT source_url FROM recipe WHERE source_url IS NOT NULL")))
            for input in inputs {
                if titles.contains(input.title.lowercased()) || input.sourceURL.map(sources.contains) == true {
                    summary.duplicates.append(input.title)
                    continue
                }
                let id = try Self.insert(input, createdBy: createdBy, now: now, db)
                titles.insert(input.title.lowercased())
                if let source = input.sourceURL { sources.insert(source) }
                summary.imported.append(RecipeSummary(id: id, title: input.title, category: input.category))
            }
            return summary
        }
    }

    /// A whole recipe, as stored.
    public func recipe(id: Int64) throws -> RecipeInput? {
        try database.read { db in try Self.recipe(id: id, db) }
    }

    /// The whole book by title, read in one go (for an export).
    public func all() throws -> [RecipeInput] {
        try database.read { db in
            try Int64.fetchAll(db.cachedStatement(sql: Self.idsByTitle)).compactMap { try Self.recipe(id: $0, db) }
        }
    }

    private static func recipe(id: Int64, _ db: Database) throws -> RecipeInput? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT r.*, c.name AS category_name FROM recipe r LEFT JOIN recipe_category c ON c.id = r.category_id WHERE r.id = ?"),
                arguments: [id]
            )
        else { return nil }
        var input = RecipeInput(title: row["title"])
        input.category = row["category_name"]
        input.servings = row["servings"]
        input.preparationMinutes = row["preparation_minutes"]
        input.cookingMinutes = row["cooking_minutes"]
        input.kcalPerServing = row["kcal_per_serving"]
        input.gramsPerServing = row["grams_per_serving"]
        input.imageURL = row["image_url"]
        input.photoSHA = row["photo_sha"]
        input.sourceName = row["source_name"]
        input.sourceURL = row["source_url"]
        input.tip = row["tip"]
        input.description = row["description"]
        input.tags = try String.fetchAll(db.cachedStatement(sql: "SELECT tag FROM recipe_tag WHERE recipe_id = ? ORDER BY tag"), arguments: [id])
        input.ingredients = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM recipe_ingredient WHERE recipe_id = ? ORDER BY position"), arguments: [id])
            .map {
                Ingredient(
                    quantity: $0["quantity"], upperQuantity: $0["upper_quantity"], unit: $0["unit"], name: $0["name"], note: $0["note"], text: $0["text"])
            }
        input.steps = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT section, text, image_url, photo_sha FROM recipe_step WHERE recipe_id = ? ORDER BY position"), arguments: [id]
        ).map {
            RecipeStep(section: $0[0], text: $0[1], imageURL: $0[2], photoSHA: $0[3])
        }
        return input
    }

    private static let idsByTitle = "SELECT id FROM recipe ORDER BY title COLLATE NOCASE, id"

    public func allIDs() throws -> [Int64] {
        try database.read { db in try Int64.fetchAll(db.cachedStatement(sql: Self.idsByTitle)) }
    }

    /// Recipes whose title has every word of `query`, by title.
    public func search(title query: String, limit: Int = 50) throws -> [RecipeSummary] {
        try find(RecipeQuery(title: query), limit: limit).recipes
    }

    /// Recipes with every (or any) of the ingredients, by title.
    public func search(ingredients: [String], match: IngredientMatch, limit: Int = 50) throws -> [RecipeSummary] {
        try find(RecipeQuery(ingredients: ingredients, match: match), limit: limit).recipes
    }

    /// One page of the book, by title: all of it, one category, a title search or an
    /// ingredient search. Keyset pages: the next page starts after the last recipe shown
    /// (its title and id), so page 200 costs what page 1 does.
    public func find(_ query: RecipeQuery, after: RecipeSummary? = nil, limit: Int = 50) throws -> (recipes: [RecipeSummary], more: Bool) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        let words = query.title.split(whereSeparator: \.isWhitespace).map(String.init)
        for word in words {
            let (condition, argument) = Self.contains(word, column: "title")
            conditions.append(condition)
            arguments.append(argument)
        }
        let wanted = query.ingredients.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !wanted.isEmpty {
            // Each ingredient inside the recipe's ingredient names: "파" finds 대파 and 양파.
            let each = wanted.map { Self.contains($0, column: "ingredient_names") }
            conditions.append("(" + each.map(\.condition).joined(separator: query.match == .all ? " AND " : " OR ") + ")")
            arguments += each.map(\.argument)
        }
        if let category = query.categoryID {
            conditions.append("r.category_id = ?")
            arguments.append(category)
        }
        if let tag = query.tag {
            conditions.append("EXISTS (SELECT 1 FROM recipe_tag t WHERE t.recipe_id = r.id AND t.tag = ?)")
            arguments.append(tag)
        }
        if let after {
            conditions.append("(r.title COLLATE NOCASE, r.id) > (?, ?)")
            arguments += [after.title, after.id]
        }
        let found = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT r.id, r.title, c.name FROM recipe r LEFT JOIN recipe_category c ON c.id = r.category_id
                    WHERE \(conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")) ORDER BY r.title COLLATE NOCASE, r.id LIMIT \(limit + 1)
                    """, arguments: StatementArguments(arguments)
            ).map { RecipeSummary(id: $0[0], title: $0[1], category: $0[2]) }
        }
        return (Array(found.prefix(limit)), found.count > limit)
    }

    /// A word found inside a column: by the trigram index for three characters or more,
    /// else by LIKE (trigrams cannot find "두부").
    private static func contains(_ word: String, column: String) -> (condition: String, argument: String) {
        word.count >= 3
            ? (
                "r.id IN (SELECT rowid FROM recipe_search WHERE recipe_search MATCH ?)",
                "\(column) : \"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            )
            : ("r.\(column) LIKE ? ESCAPE '\\'", "%\(escapedLike(word))%")
    }

    private static func escapedLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }

    // MARK: Bookmarks, each member's own

    public func setBookmark(_ on: Bool, recipeID: Int64, accountID: Int64, now: Date = Date()) async throws {
        try await database.write { db in
            if on {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO recipe_bookmark (account_id, recipe_id, created_at) VALUES (?, ?, ?)", arguments: [accountID, recipeID, now])
            } else {
                try db.execute(sql: "DELETE FROM recipe_bookmark WHERE account_id = ? AND recipe_id = ?", arguments: [accountID, recipeID])
            }
        }
    }

    public func isBookmarked(recipeID: Int64, accountID: Int64) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM recipe_bookmark WHERE account_id = ? AND recipe_id = ?)"),
                arguments: [accountID, recipeID]) ?? false
        }
    }

    /// A member's bookmarks, by category then title.
    public func bookmarks(accountID: Int64) throws -> [RecipeSummary] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT r.id, r.title, c.name FROM recipe_bookmark b JOIN recipe r ON r.id = b.recipe_id LEFT JOIN recipe_category c ON c.id = r.category_id
                        WHERE b.account_id = ? ORDER BY coalesce(c.position, 999), r.title COLLATE NOCASE, r.id
                        """), arguments: [accountID]
            ).map { RecipeSummary(id: $0[0], title: $0[1], category: $0[2]) }
        }
    }
}

/// The household's own list of recipe categories.
public struct RecipeCategory: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let position: Int
    /// How many recipes it holds.
    public let count: Int
}

extension RecipeRepository {
    public func summary(id: Int64) throws -> RecipeSummary? {
        try database.read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT r.id, r.title, c.name FROM recipe r LEFT JOIN recipe_category c ON c.id = r.category_id WHERE r.id = ?"),
                arguments: [id]
            )
            .map { RecipeSummary(id: $0[0], title: $0[1], category: $0[2]) }
        }
    }

    public func categories() throws -> [RecipeCategory] {
        try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT c.id, c.name, c.position, (SELECT count(*) FROM recipe r WHERE r.category_id = c.id) FROM recipe_category c ORDER BY c.position, c.id
                        """)
            ).map { RecipeCategory(id: $0[0], name: $0[1], position: $0[2], count: $0[3]) }
        }
    }

    public enum CategoryProblem: Error, Equatable { case empty, taken(String) }

    /// Renames, adds or removes categories. Names are checked against each other and the
    /// list (`CategoryProblem`); a removed category's recipes are left without one.
    public func saveCategories(renamed: [Int64: String], added: String?, removed: Set<Int64>) async throws {
        try await database.write { db in
            let existing = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, name FROM recipe_category ORDER BY position")).map {
                (id: $0[0] as Int64, name: $0[1] as String)
            }
            var names: [Int64: String] = [:]
            for category in existing where !removed.contains(category.id) {
                let name = (renamed[category.id] ?? category.name).trimmingCharacters(in: .whitespaces)
                if name.isEmpty { throw CategoryProblem.empty }
                if names.values.contains(where: { $0.lowercased() == name.lowercased() }) { throw CategoryProblem.taken(name) }
                names[category.id] = name
            }
            if let added = added?.trimmingCharacters(in: .whitespaces), !added.isEmpty {
                if names.values.contains(where: { $0.lowercased() == added.lowercased() }) { throw CategoryProblem.taken(added) }
            }
            for id in removed { try db.execute(sql: "DELETE FROM recipe_category WHERE id = ?", arguments: [id]) }
            // Renames go through a temporary name, so two categories can swap names.
            for (id, _) in names { try db.execute(sql: "UPDATE recipe_category SET name = '~' || id || name WHERE id = ?", arguments: [id]) }
            for (id, name) in names { try db.execute(sql: "UPDATE recipe_category SET name = ? WHERE id = ?", arguments: [name, id]) }
            if let added = added?.trimmingCharacters(in: .whitespaces), !added.isEmpty {
                try db.execute(
                    sql: "INSERT INTO recipe_category (name, position) VALUES (?, (SELECT coalesce(max(position), -1) + 1 FROM recipe_category))",
                    arguments: [added])
            }
        }
    }
}
