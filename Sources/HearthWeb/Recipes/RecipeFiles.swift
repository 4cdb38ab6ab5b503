import Foundation
import HearthCore
import HearthImaging
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
        /// A field longer, or a list longer, than a person could type; or holding control characters.
        case limit(LimitProblem)
        /// A file larger than any recipe file: its size limit in megabytes.
        case tooLarge(megabytes: String)

        /// The message's key under `recipes.import.refusal.` and its placeholders.
        public var key: (name: String, values: [String: String]) {
            switch self {
            case .service(let code, let message): ("service", ["code": code, "message": message])
            case .notText: ("not_text", [:])
            case .noRecipe: ("no_recipe", [:])
            case .unreadable: ("unreadable", [:])
            case .cannotOpen: ("cannot_open", [:])
            case .empty: ("empty", [:])
            case .limit(let problem): (problem.kind.rawValue, ["field": problem.field, "limit": String(problem.limit)])
            case .tooLarge(let megabytes): ("too_large", ["megabytes": megabytes])
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
            case .limit(let problem):
                switch problem.kind {
                case .tooLong: "its \(problem.words) is longer than \(problem.limit) characters"
                case .tooMany: "it has more than \(problem.limit) \(problem.words)"
                case .notTypeable: "its \(problem.words) holds control characters (a NUL or an escape), which no keyboard types"
                }
            case .tooLarge(let megabytes): "larger than \(megabytes) MB, more than any recipe file"
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
        guard read.recipes.count <= CountLimit.recipesPerImport else {
            return .failure(.limit(LimitProblem(field: "recipes", limit: CountLimit.recipesPerImport, kind: .tooMany)))
        }
        var refused: [(name: String, reason: Refusal)] = []
        read.recipes.removeAll { recipe in
            if recipe.ingredients.isEmpty && recipe.steps.isEmpty {
                refused.append((shortName(recipe.title), .empty))
                return true
            }
            if let problem = recipe.limitProblem {
                refused.append((shortName(recipe.title), .limit(problem)))
                return true
            }
            return false
        }
        read.refused = refused + read.refused
        return .success(read)
    }

    /// A refused recipe's name as the summary shows it: a name of 200 MB was printed whole.
    static func shortName(_ title: String) -> String {
        title.utf8.count <= TextLimit.name ? title : String(title.prefix(60)) + "…"
    }

    /// Where recipes come from: a file on disk (an upload or a command's argument), or pasted text.
    public enum Source: Sendable {
        case file(name: String, path: String)
        case text(name: String, String)
    }

    /// Files are read and searched on this thread, one at a time, never on an event loop: a
    /// hostile page once held a loop for half a minute.
    private static let readers = WorkerThreads(limit: 1, name: "recipe-files")

    /// Reads every source, then stores what they hold in one transaction: all the new
    /// recipes, or none.
    public static func importSources(_ sources: [Source], into recipes: RecipeRepository, createdBy: Int64?) async throws -> Report {
        let (inputs, refused) = try await readers.run { () -> ([RecipeInput], [(name: String, reason: Refusal)]) in
            var inputs: [RecipeInput] = []
            var refused: [(name: String, reason: Refusal)] = []
            for source in sources {
                let name: String, data: Data?
                switch source {
                case .text(let label, let text): (name, data) = (label, Data(text.utf8))
                case .file(let label, let path):
                    name = label
                    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
                    guard size <= ImportLimits.recipeFileBytes else {
                        refused.append((name, .tooLarge(megabytes: ImportLimits.megabytes(ImportLimits.recipeFileBytes))))
                        continue
                    }
                    data = FileManager.default.contents(atPath: path)
                }
                guard let data else {
                    refused.append((name, .cannotOpen))
                    continue
                }
                switch read(data) {
                case .success(let read):
                    inputs += read.recipes
                    refused += read.refused
                case .failure(let refusal):
                    refused.append((name, refusal))
                }
            }
            return (inputs, refused)
        }
        var report = Report()
        report.refused = refused
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
        return try JSONSerialization.data(
            withJSONObject: ["@context": "https://schema.org", "@graph": graph], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
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

extension LimitProblem {
    /// The field's name in English words.
    fileprivate var words: String { field.replacingOccurrences(of: "_", with: " ") }
}

extension RecipeInput {
    /// The first field over the limits the recipe form holds to, as a file or the API sends it.
    var limitProblem: LimitProblem? {
        var check = LimitCheck()
        check.text("name", title, max: TextLimit.name)
        check.text("category", category, max: TextLimit.name)
        check.count("tags", tags.count, max: CountLimit.recipeTags)
        for tag in tags { check.text("tag", tag, max: TextLimit.label) }
        check.text("source", sourceName, max: TextLimit.name)
        check.text("address", sourceURL, max: TextLimit.url)
        check.text("image_address", imageURL, max: TextLimit.url)
        check.text("tip", tip, max: TextLimit.note)
        check.text("description", description, max: TextLimit.note)
        check.count("ingredient_lines", ingredients.count, max: CountLimit.recipeIngredients)
        for line in ingredients { check.text("ingredient_line", line.text, max: TextLimit.ingredientLine) }
        check.count("steps", steps.count, max: CountLimit.recipeSteps)
        for step in steps {
            check.text("step", step.text, max: TextLimit.step)
            check.text("part", step.section, max: TextLimit.name)
            check.text("image_address", step.imageURL, max: TextLimit.url)
        }
        return check.problem
    }

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
        let sources = paths.map { Source.file(name: ($0 as NSString).lastPathComponent, path: $0) }
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
