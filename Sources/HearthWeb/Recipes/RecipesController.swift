import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/recipes`: the household's recipe book, searched by title (`?q=`) or by the ingredients
/// at hand (`?i=두부, 양파&match=all|any`); `/recipes/{id}` with its servings scaled
/// (`?servings=6`); each member's bookmarks.
struct RecipesController {
    let renderer: Renderer
    let recipes: RecipeRepository
    let foods: FoodRepository

    /// The ingredient tags of `?i=`, split at commas; the same one twice is named.
    static func tags(_ text: String) -> (tags: [String], repeated: String?) {
        var seen: [String] = []
        for tag in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !tag.isEmpty {
            if seen.contains(where: { $0.lowercased() == tag.lowercased() }) { return (seen, tag) }
            seen.append(tag)
        }
        return (seen, nil)
    }

    /// How many recipes a page of `/recipes` shows.
    static let pageSize = 50

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = FormData.query(request)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let title = String((query["q"] ?? "").trimmingCharacters(in: .whitespaces).prefix(200))
        let ingredientText = String((query["i"] ?? "").prefix(500))
        let match = IngredientMatch(rawValue: query["match"] ?? "all") ?? .all
        let categories = try recipes.categories()
        let category = query["category"].flatMap(Int64.init).flatMap { id in categories.first { $0.id == id } }
        let tag = query["tag"].map { String($0.trimmingCharacters(in: .whitespaces).prefix(100)) }.flatMap { $0.isEmpty ? nil : $0 }
        let (tags, repeated) = Self.tags(ingredientText)
        let search = RecipeQuery(title: title, ingredients: tags, match: match, categoryID: category?.id, tag: tag)
        // The page after a recipe: its id, and its title looked up (so a renamed recipe
        // cannot make a page start in the wrong place).
        let after = try query["after"].flatMap(Int64.init).flatMap { try recipes.summary(id: $0) }
        var problem: String?
        var found: (recipes: [RecipeSummary], more: Bool) = ([], false)
        if let repeated {
            problem = format.t("recipes.error.repeated", ["tag": repeated])
        } else {
            found = try recipes.find(search, after: after, limit: Self.pageSize)
        }
        func link(category: Int64?, after: Int64? = nil, tagged: String? = tag) -> String {
            var parts: [String: String] = [:]
            if let tagged { parts["tag"] = tagged }
            if !title.isEmpty { parts["q"] = title }
            if !tags.isEmpty {
                parts["i"] = ingredientText
                parts["match"] = match.rawValue
            }
            if let category { parts["category"] = String(category) }
            if let after { parts["after"] = String(after) }
            return QueryLink.make(RecipeRoutes.list.pattern, parts)
        }
        let chips =
            [LinkView(label: format.t("recipes.all"), href: link(category: nil, tagged: nil), current: category == nil && tag == nil)]
            + (tag.map { [LinkView(label: format.t("recipes.tagged", ["tag": $0]), href: link(category: category?.id), current: true)] } ?? [])
            + categories.map { LinkView(label: "\($0.name) \($0.count)", href: link(category: $0.id), current: $0.id == category?.id) }
        let searched = !title.isEmpty || !tags.isEmpty || category != nil || tag != nil
        let page = RecipeListPage(
            query: title, ingredients: ingredientText, matchAll: match == .all, categories: chips,
            recipes: found.recipes.map { .init(href: RecipeRoutes.one($0.id), title: $0.title, category: category == nil ? $0.category : nil) },
            next: found.more ? found.recipes.last.map { link(category: category?.id, after: $0.id) } : nil,
            problem: problem,
            nothing: problem == nil && found.recipes.isEmpty ? format.t(searched || after != nil ? "recipes.nothing_found" : "recipes.empty") : nil,
            notice: query["deleted"] != nil ? format.t("recipes.deleted") : nil,
            canRecord: context.role?.canRecord == true)
        return renderer.page(page, titleKey: "recipes.title", request: request, context: context, status: problem == nil ? .ok : .unprocessableContent)
    }

    @Sendable func show(_ request: Request, context: RecipeContext) async throws -> Response {
        let (id, recipe, context) = (context.id, context.recipe, context.app)
        let member = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let wanted = request.uri.queryParameters.get("servings").flatMap(Int.init).flatMap { (1...100).contains($0) ? $0 : nil } ?? recipe.servings
        let scale: (Double) -> Double = { quantity in
            guard let base = recipe.servings, base > 0, let wanted else { return quantity }
            return CookQuantity.scaled(quantity, from: Double(base), to: Double(wanted))
        }
        let ingredients = recipe.ingredients.map { ingredient -> RecipePage.IngredientRow in
            guard let quantity = ingredient.quantity else { return .init(amount: nil, words: ingredient.text, note: nil, nameFirst: false) }
            // A line written name first ("양파 1/2개") is shown that way, the unit against
            // the number as Korean writes it: "양파 ¾개".
            let nameFirst = ingredient.text.hasPrefix(ingredient.name)
            let most = scale(ingredient.upperQuantity ?? quantity)
            let amount =
                CookQuantity.text(scale(quantity), unit: ingredient.unit)
                + (ingredient.upperQuantity.map { "–" + CookQuantity.text(scale($0), unit: ingredient.unit) } ?? "")
                + (ingredient.unit.map { (nameFirst ? "" : " ") + CookQuantity.unit($0, for: most) } ?? "")
            return .init(amount: amount, words: ingredient.name, note: ingredient.note.map { CookQuantity.scaledNote($0, scale) }, nameFirst: nameFirst)
        }
        // The steps numbered through, under the name of each part of the recipe.
        var parts: [RecipePage.Part] = []
        for (index, step) in recipe.steps.enumerated() {
            if parts.isEmpty || parts[parts.count - 1].name != step.section { parts.append(.init(name: step.section, start: index + 1, steps: [])) }
            parts[parts.count - 1].steps.append(.init(number: index + 1, text: step.text, photo: step.photoSHA, link: step.imageURL))
        }
        let bookmarked = try recipes.isBookmarked(recipeID: id, accountID: member.accountID)
        let canRecord = context.role?.canRecord == true
        let kcal = Self.kcalPer100g(kcalPerServing: recipe.kcalPerServing, gramsPerServing: recipe.gramsPerServing)
        let food =
            canRecord
            ? RecipePage.Food(
                action: RecipeRoutes.food(id),
                energy: kcal.map { format.t("recipes.food_energy", ["kcal": format.number($0, decimals: 1)]) } ?? format.t("recipes.food_no_energy"),
                done: request.uri.queryParameters.get("food") != nil)
            : nil
        let figures = [
            wanted.map { format.t("recipes.serves", ["servings": String($0)]) },
            recipe.preparationMinutes.map { format.t("recipes.prep", ["minutes": String($0)]) },
            recipe.cookingMinutes.map { format.t("recipes.cook", ["minutes": String($0)]) },
            recipe.kcalPerServing.map { format.t("recipes.kcal", ["kcal": format.number($0, decimals: 0)]) },
            recipe.gramsPerServing.map { format.t("recipes.grams", ["grams": format.number($0, decimals: 0)]) },
        ].compactMap { $0 }
        let page = RecipePage(
            id: id, title: recipe.title, category: recipe.category,
            tags: recipe.tags.map { .init(label: "#" + $0, href: QueryLink.make(RecipeRoutes.list.pattern, ["tag": $0]), current: false) },
            servings: wanted.map(String.init) ?? "",
            scaled: wanted != recipe.servings
                ? format.t("recipes.scaled", ["servings": wanted.map(String.init) ?? "", "original": recipe.servings.map(String.init) ?? ""]) : nil,
            scalable: (recipe.servings ?? 0) > 0, ingredients: ingredients, parts: parts, tip: recipe.tip, description: recipe.description,
            source: recipe.sourceURL, sourceName: recipe.sourceName ?? recipe.sourceURL,
            photo: recipe.photoSHA, image: recipe.imageURL, bookmarked: bookmarked, canRecord: canRecord, food: food, figures: figures.joined(separator: " · "))
        return renderer.page(page, titleKey: "recipes.title", titleText: recipe.title, request: request, context: context)
    }

    @Sendable func bookmark(_ request: Request, context: RecipeContext) async throws -> Response {
        let (id, context) = (context.id, context.app)
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        try await recipes.setBookmark(input["on"] == "1", recipeID: id, accountID: member.accountID)
        return .redirect(to: input["back"] == "bookmarks" ? RecipeRoutes.bookmarks.pattern : RecipeRoutes.one(id), type: .normal)
    }

    /// A home-made pet food: the recipe joins the pets' food list, with its energy per 100 g
    /// worked out from the kcal and the weight of a serving when the recipe has both.
    @Sendable func becomeFood(_ request: Request, context: RecipeContext) async throws -> Response {
        let (id, recipe, context) = (context.id, context.recipe, context.app)
        var request = request
        _ = try await FormData.read(&request, context: context)
        let kcal = Self.kcalPer100g(kcalPerServing: recipe.kcalPerServing, gramsPerServing: recipe.gramsPerServing)
        _ = try await foods.create(name: recipe.title, kind: .food, kcalPer100g: kcal)
        return .redirect(to: RecipeRoutes.one(id) + "?food=1", type: .normal)
    }

    static func kcalPer100g(kcalPerServing: Double?, gramsPerServing: Double?) -> Double? {
        guard let kcal = kcalPerServing, let grams = gramsPerServing, grams > 0 else { return nil }
        return (kcal / grams * 1000).rounded() / 10
    }

    @Sendable func bookmarks(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        var groups: [RecipeBookmarksPage.Group] = []
        for recipe in try recipes.bookmarks(accountID: member.accountID) {
            let name = recipe.category ?? format.t("recipes.no_category")
            if groups.last?.name != name { groups.append(.init(name: name, recipes: [])) }
            groups[groups.count - 1].recipes.append(.init(id: String(recipe.id), title: recipe.title))
        }
        return renderer.page(RecipeBookmarksPage(groups: groups), titleKey: "recipes.bookmarks", request: request, context: context)
    }
}
