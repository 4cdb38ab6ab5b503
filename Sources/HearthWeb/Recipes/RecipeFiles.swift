import Foundation
import HearthCore
import HearthImports
import HearthStore

/// Recipe files in and out: schema.org JSON-LD (a file, pasted text, a saved page) and the
/// public Korean recipe data read into `RecipeInput`s; the book written back as JSON-LD that
/// reads in again unchanged. Shared by `hearth import recipes`, `hearth export recipes` and
/// (to come) the recipe pages.
public enum RecipeFiles {
    struct Read {
        var recipes: [RecipeInput] = []
        var refused: [(title: String, reason: String)] = []
        /// Image addresses were found: kept as links, never fetched.
        var imageLinks = 0
    }

    struct Refusal: Error, Equatable { let message: String }

    /// Every recipe in a file's bytes, or the reason there is none.
    static func read(_ data: Data, name: String) -> Result<Read, Refusal> {
        var read = Read()
        do {
            for recipe in try PublicRecipeData.recipes(in: data) {
                read.recipes.append(RecipeInput(draft: recipe.draft))
            }
        } catch .service(let code, let message) {
            return .failure(Refusal(message: "\(name): the recipe service answered \(code) \(message) — there are no recipes in it."))
        } catch {
            guard let text = String(data: data, encoding: .utf8) else { return .failure(Refusal(message: "\(name): not text (UTF-8), so not JSON-LD or a saved page.")) }
            do {
                read.recipes = try RecipeJSONLD.recipes(in: text).map(RecipeInput.init(draft:))
            } catch .noRecipe {
                return .failure(Refusal(message: "\(name): no recipe in it (no schema.org Recipe in its JSON-LD)."))
            } catch {
                return .failure(Refusal(message: "\(name): neither JSON nor a web page Hearth can read."))
            }
        }
        for (index, recipe) in read.recipes.enumerated().reversed() where recipe.ingredients.isEmpty && recipe.steps.isEmpty {
            read.refused.append((recipe.title, "no ingredients and no steps"))
            read.recipes.remove(at: index)
        }
        read.imageLinks = read.recipes.filter { $0.imageURL != nil || $0.steps.contains { $0.imageURL != nil } }.count
        return .success(read)
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
            object["recipeInstructions"] = recipe.steps.map { step -> [String: Any] in
                var item: [String: Any] = ["@type": "HowToStep", "text": step.text]
                item["image"] = step.imageURL
                return item
            }
            object["comment"] = recipe.tip.map { ["@type": "Comment", "text": $0] }
            return object
        }
        return try JSONSerialization.data(withJSONObject: ["@context": "https://schema.org", "@graph": graph], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
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
        steps = draft.steps.map { (section: $0.section, text: $0.text, imageURL: $0.imageURL) }
    }
}

extension RecipeFiles {
    /// Reads every file, then stores what they hold in one transaction; the summary says what
    /// was imported, skipped as a duplicate or refused and why, and that image links were kept.
    public static func importFiles(_ paths: [String], into recipes: RecipeRepository) async throws -> (text: String, imported: Int) {
        var inputs: [RecipeInput] = []
        var refused: [(title: String, reason: String)] = []
        var problems: [String] = []
        var links = 0
        for path in paths {
            let name = (path as NSString).lastPathComponent
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("\(name): cannot be read.")
                continue
            }
            switch read(data, name: name) {
            case .success(let read):
                inputs += read.recipes
                refused += read.refused.map { ($0.title, "\(name): \($0.reason)") }
                links += read.imageLinks
            case .failure(let refusal):
                problems.append(refusal.message)
            }
        }
        let summary = try await recipes.importMany(inputs, refused: refused, createdBy: nil)
        var lines = ["\(summary.imported.count) imported, \(summary.duplicates.count) skipped as already in the book, \(summary.refused.count + problems.count) refused."]
        lines += summary.imported.map { "  imported: \($0)" } + summary.duplicates.map { "  skipped (same title or source): \($0)" }
        lines += summary.refused.map { "  refused: \($0.title) — \($0.reason)" } + problems.map { "  refused: \($0)" }
        if links > 0 { lines.append("Images are kept as links to where they came from; Hearth does not fetch them (it works without the internet).") }
        if summary.imported.isEmpty { lines.append("Nothing was imported.") }
        return (lines.joined(separator: "\n"), summary.imported.count)
    }

    /// Writes the whole book as JSON-LD; returns how many recipes.
    public static func export(_ recipes: RecipeRepository, to path: String) throws -> Int {
        let all = try recipes.allIDs().compactMap { try recipes.recipe(id: $0) }
        try jsonLD(all).write(to: URL(fileURLWithPath: path), options: .atomic)
        return all.count
    }
}
