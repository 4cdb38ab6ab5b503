import Foundation
import HearthCore
import HearthImports
import HearthStore

/// Recipe files in and out: schema.org JSON-LD (a file, pasted text, a saved page) and the
/// public Korean recipe data read into `RecipeInput`s; the book written back as JSON-LD that
/// reads in again unchanged. Shared by `hearth import recipes`, `hearth export recipes` and
/// (to come) the recipe pages.
public enum RecipeFiles {
    /// Why a file or a recipe in it was not imported; said in the household's language on
    /// the web and in English on the command line.
    public enum Refusal: Error, Equatable, Sendable {
        /// The recipe service's error answer (it has no `row`).
        case service(code: String, message: String)
        case notText
        case noRecipe
        case unreadable
        case cannotOpen
        /// A recipe with neither ingredients nor steps.
        case empty

        /// The message's key under `recipes.import.refusal.` and its placeholders.
        public var key: (name: String, values: [String: String]) {
            switch self {
            case .service(let code, let message): ("service", ["code": code, "message": message])
            case .notText: ("not_text", [:])
            case .noRecipe: ("no_recipe", [:])
            case .unreadable: ("unreadable", [:])
            case .cannotOpen: ("cannot_open", [:])
            case .empty: ("empty", [:])
            }
        }

        public var english: String {
            switch self {
            case .service(let code, let message): "the recipe service answered \(code) \(message); there are no recipes in it"
            case .notText: "not text (UTF-8), so not JSON-LD or a saved page"
            case .noRecipe: "no recipe in it (no schema.org Recipe in its JSON-LD)"
            case .unreadable: "neither JSON nor a web page Hearth can read"
            case .cannotOpen: "cannot be read"
            case .empty: "no ingredients and no steps"
            }
        }
    }

    /// What one import did, for its summary.
    public struct Report: Sendable {
        public var imported: [RecipeSummary] = []
        public var duplicates: [String] = []
        /// A recipe or a whole file, and why.
        public var refused: [(name: String, reason: Refusal)] = []
        /// An imported recipe came with image addresses: kept as links, never fetched.
        public var imageLinks = false
    }

    struct Read {
        var recipes: [RecipeInput] = []
        var refused: [(name: String, reason: Refusal)] = []
    }

    /// Every recipe in a file's bytes (or pasted text), or the reason there is none.
    static func read(_ data: Data) -> Result<Read, Refusal> {
        var read = Read()
        do {
            for recipe in try PublicRecipeData.recipes(in: data) {
                read.recipes.append(RecipeInput(draft: recipe.draft))
            }
        } catch .service(let code, let message) {
            return .failure(.service(code: code, message: message))
        } catch {
            guard let text = String(data: data, encoding: .utf8) else { return .failure(.notText) }
            do {
                read.recipes = try RecipeJSONLD.recipes(in: text).map(RecipeInput.init(draft:))
            } catch .noRecipe {
                return .failure(.noRecipe)
            } catch {
                return .failure(.unreadable)
            }
        }
        for (index, recipe) in read.recipes.enumerated().reversed() where recipe.ingredients.isEmpty && recipe.steps.isEmpty {
            read.refused.insert((recipe.title, .empty), at: 0)
            read.recipes.remove(at: index)
        }
        return .success(read)
    }

    /// Reads every source (a file's name and bytes, or pasted text), then stores what they
    /// hold in one transaction: all the new recipes, or none.
    public static func importSources(_ sources: [(name: String, data: Data?)], into recipes: RecipeRepository, createdBy: Int64?) async throws -> Report {
        var inputs: [RecipeInput] = []
        var report = Report()
        for source in sources {
            guard let data = source.data else {
                report.refused.append((source.name, .cannotOpen))
                continue
            }
            switch read(data) {
            case .success(let read):
                inputs += read.recipes
                report.refused += read.refused
            case .failure(let refusal):
                report.refused.append((source.name, refusal))
            }
        }
        let summary = try await recipes.importMany(inputs, createdBy: createdBy)
        report.imported = summary.imported
        report.duplicates = summary.duplicates
        // Only what was imported: a skipped recipe's links were not kept.
        let imported = Set(summary.imported.map(\.title))
        report.imageLinks = inputs.contains { imported.contains($0.title) && ($0.imageURL != nil || $0.steps.contains { $0.imageURL != nil }) }
        return report
    }

    /// The book (or one recipe) as one JSON-LD document: a `@graph` of schema.org Recipes.
    static func jsonLD(_ recipes: [RecipeInput]) throws -> Data {
        let graph: [[String: Any]] = recipes.map { recipe in
            var object: [String: Any] = ["@type": "Recipe", "name": recipe.title]
            object["recipeCategory"] = recipe.category
            if !recipe.tags.isEmpty { object["keywords"] = recipe.tags.joined(separator: ", ") }
            object["recipeYield"] = recipe.servings.map { "\($0) servings" }
            object["prepTime"] = recipe.preparationMinutes.map { "PT\($0)M" }
            object["cookTime"] = recipe.cookingMinutes.map { "PT\($0)M" }
            object["image"] = recipe.imageURL
            object["url"] = recipe.sourceURL
            object["author"] = recipe.sourceName.map { ["@type": "Organization", "name": $0] }
            object["description"] = recipe.description
            if recipe.kcalPerServing != nil || recipe.gramsPerServing != nil {
                var nutrition: [String: Any] = ["@type": "NutritionInformation"]
                nutrition["calories"] = recipe.kcalPerServing.map { "\(formatted($0)) kcal" }
                nutrition["servingSize"] = recipe.gramsPerServing.map { "\(formatted($0)) g" }
                object["nutrition"] = nutrition
            }
            object["recipeIngredient"] = recipe.ingredients.map(\.text)
            object["recipeInstructions"] = instructions(recipe.steps)
            object["comment"] = recipe.tip.map { ["@type": "Comment", "text": $0] }
            return object
        }
        return try JSONSerialization.data(withJSONObject: ["@context": "https://schema.org", "@graph": graph], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// The steps as HowToSteps, those of a named part together in a HowToSection.
    private static func instructions(_ steps: [RecipeStep]) -> [[String: Any]] {
        var items: [[String: Any]] = []
        var section: (name: String, steps: [[String: Any]])?
        func close() {
            if let open = section { items.append(["@type": "HowToSection", "name": open.name, "itemListElement": open.steps]) }
            section = nil
        }
        for step in steps {
            var item: [String: Any] = ["@type": "HowToStep", "text": step.text]
            item["image"] = step.imageURL
            if step.section != section?.name { close() }
            if let name = step.section {
                if section == nil { section = (name, []) }
                section?.steps.append(item)
            } else {
                items.append(item)
            }
        }
        close()
        return items
    }

    private static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension RecipeInput {
    /// A found recipe with its ingredient lines read; sections of steps kept.
    init(draft: RecipeDraft) {
        self.init(title: draft.title)
        category = draft.category
        tags = draft.tags
        servings = draft.servings
        preparationMinutes = draft.preparationMinutes
        cookingMinutes = draft.cookingMinutes ?? draft.totalMinutes.map { $0 - (draft.preparationMinutes ?? 0) }
        imageURL = draft.imageURLs.first
        kcalPerServing = draft.kcalPerServing
        gramsPerServing = draft.gramsPerServing
        tip = draft.tip
        sourceName = draft.sourceName
        sourceURL = draft.sourceURL
        description = draft.description
        ingredients = draft.ingredients.map(Ingredient.parse)
        steps = draft.steps.map { RecipeStep(section: $0.section, text: $0.text, imageURL: $0.imageURL) }
    }
}

extension RecipeFiles {
    /// `hearth import recipes`: the files imported, and the summary in English.
    public static func importFiles(_ paths: [String], into recipes: RecipeRepository) async throws -> (text: String, imported: Int) {
        let sources = paths.map { ((($0 as NSString).lastPathComponent), FileManager.default.contents(atPath: $0)) }
        let report = try await importSources(sources, into: recipes, createdBy: nil)
        var lines = ["\(report.imported.count) imported, \(report.duplicates.count) skipped as already in the book, \(report.refused.count) refused."]
        lines += report.imported.map { "  imported: \($0.title)" } + report.duplicates.map { "  skipped (same title or source): \($0)" }
        lines += report.refused.map { "  refused: \($0.name): \($0.reason.english)" }
        if report.imageLinks { lines.append("Images are kept as links to where they came from; Hearth does not fetch them (it works without the internet).") }
        if report.imported.isEmpty { lines.append("Nothing was imported.") }
        return (lines.joined(separator: "\n"), report.imported.count)
    }

    /// Writes the whole book as JSON-LD; returns how many recipes.
    public static func export(_ recipes: RecipeRepository, to path: String) throws -> Int {
        let all = try recipes.all()
        try jsonLD(all).write(to: URL(fileURLWithPath: path), options: .atomic)
        return all.count
    }
}
