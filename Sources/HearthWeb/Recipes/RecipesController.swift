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

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("/recipes", use: list)
        router.get("/recipes/bookmarks", use: bookmarks)
        router.get("/recipes/:id", use: show)
        router.post("/recipes/:id/bookmark", use: bookmark)
        router.post("/recipes/:id/food", use: becomeFood)
    }

    /// The ingredient tags of `?i=`, split at commas; the same one twice is named.
    static func tags(_ text: String) -> (tags: [String], repeated: String?) {
        var seen: [String] = []
        for tag in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !tag.isEmpty {
            if seen.contains(where: { $0.lowercased() == tag.lowercased() }) { return (seen, tag) }
            seen.append(tag)
        }
        return (seen, nil)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let title = query.get("q")?.trimmingCharacters(in: .whitespaces) ?? ""
        let ingredientText = query.get("i") ?? ""
        let match = IngredientMatch(rawValue: query.get("match") ?? "all") ?? .all
        let (tags, repeated) = Self.tags(ingredientText)
        var problem: String?
        var found: [RecipeSummary] = []
        if let repeated {
            problem = format.t("recipes.error.repeated", ["tag": repeated])
        } else if !tags.isEmpty {
            found = try recipes.search(ingredients: tags, match: match)
        } else {
            found = try recipes.search(title: title)
        }
        var body = HTML.empty
        var category: String?? = .none
        for recipe in found {
            if category != .some(recipe.category) {
                if category != nil { body += "</ul>" }
                category = .some(recipe.category)
                body += #"<h2>\#(recipe.category ?? format.t("recipes.no_category"))</h2><ul class="plain-list recipe-list">"#
            }
            body += #"<li><a href="/recipes/\#(recipe.id)">\#(recipe.title)</a></li>"#
        }
        if category != nil { body += "</ul>" }
        let searched = !title.isEmpty || !tags.isEmpty
        let page = RecipeListPage(
            query: title, ingredients: ingredientText, matchAll: match == .all, body: body, problem: problem,
            nothing: problem == nil && found.isEmpty ? format.t(searched ? "recipes.nothing_found" : "recipes.empty") : nil)
        return renderer.page(page, titleKey: "recipes.title", request: request, context: context, status: problem == nil ? .ok : .unprocessableContent)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        guard let id = Int64(try context.parameters.require("id")), let recipe = try recipes.recipe(id: id) else { throw PageError.notFound }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let base = Double(recipe.servings ?? 0)
        let wanted = request.uri.queryParameters.get("servings").flatMap(Int.init).flatMap { (1...100).contains($0) ? $0 : nil } ?? recipe.servings
        var ingredients = HTML.empty
        for ingredient in recipe.ingredients {
            guard let quantity = ingredient.quantity else {
                ingredients += #"<li>\#(ingredient.text)</li>"#
                continue
            }
            let scaled = base > 0 && wanted != nil ? CookQuantity.scaled(quantity, from: base, to: Double(wanted!)) : quantity
            let upper = ingredient.upperQuantity.map { base > 0 && wanted != nil ? CookQuantity.scaled($0, from: base, to: Double(wanted!)) : $0 }
            let amount = CookQuantity.text(scaled, unit: ingredient.unit) + (upper.map { "–" + CookQuantity.text($0, unit: ingredient.unit) } ?? "")
            let words = [amount + (ingredient.unit.map { " \($0)" } ?? ""), ingredient.name].joined(separator: " ")
            ingredients += #"<li><strong>\#(words)</strong>\#(ingredient.note.map { ", \($0)" } ?? "")</li>"#
        }
        var steps = HTML.empty
        var section: String?
        for step in recipe.steps {
            if step.section != section, let name = step.section {
                steps += #"<li class="step-section"><h3>\#(name)</h3></li>"#
            }
            section = step.section
            let image: HTML = step.imageURL.map { #" <a href="\#($0)" rel="noreferrer">\#(format.t("recipes.step_photo_link"))</a>"# } ?? .empty
            steps += #"<li>\#(step.text)\#(image)</li>"#
        }
        let bookmarked = try recipes.bookmarks(accountID: member.accountID).contains { $0.id == id }
        let kcal = Self.kcalPer100g(kcalPerServing: recipe.kcalPerServing, gramsPerServing: recipe.gramsPerServing)
        let food = context.role?.canRecord == true
            ? RecipePage.Food(action: "/recipes/\(id)/food", energy: kcal.map { format.t("recipes.food_energy", ["kcal": format.number($0, decimals: 1)]) } ?? format.t("recipes.food_no_energy"),
                              done: request.uri.queryParameters.get("food") != nil)
            : nil
        let page = RecipePage(
            id: id, title: recipe.title, category: recipe.category ?? "", servings: wanted.map(String.init) ?? "",
            scalable: base > 0, ingredients: ingredients, steps: steps, tip: recipe.tip, source: recipe.sourceURL, sourceName: recipe.sourceName ?? recipe.sourceURL,
            image: recipe.imageURL, bookmarked: bookmarked, food: food,
            figures: [recipe.preparationMinutes.map { format.t("recipes.prep", ["minutes": String($0)]) }, recipe.cookingMinutes.map { format.t("recipes.cook", ["minutes": String($0)]) },
                      recipe.kcalPerServing.map { format.t("recipes.kcal", ["kcal": format.number($0, decimals: 0)]) }].compactMap { $0 }.joined(separator: " · "))
        return renderer.page(page, titleKey: "recipes.title", titleText: recipe.title, request: request, context: context)
    }

    @Sendable func bookmark(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        guard let id = Int64(try context.parameters.require("id")), try recipes.recipe(id: id) != nil else { throw PageError.notFound }
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        try await recipes.setBookmark(input["on"] == "1", recipeID: id, accountID: member.accountID)
        return .redirect(to: input["back"] == "bookmarks" ? "/recipes/bookmarks" : "/recipes/\(id)", type: .normal)
    }

    /// A home-made pet food: the recipe joins the pets' food list, with its energy per 100 g
    /// worked out from the kcal and the weight of a serving when the recipe has both.
    @Sendable func becomeFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireRecorder()
        guard let id = Int64(try context.parameters.require("id")), let recipe = try recipes.recipe(id: id) else { throw PageError.notFound }
        var request = request
        _ = try await FormData.read(&request, context: context)
        let kcal = Self.kcalPer100g(kcalPerServing: recipe.kcalPerServing, gramsPerServing: recipe.gramsPerServing)
        _ = try await foods.create(name: recipe.title, kind: .food, kcalPer100g: kcal)
        return .redirect(to: "/recipes/\(id)?food=1", type: .normal)
    }

    static func kcalPer100g(kcalPerServing: Double?, gramsPerServing: Double?) -> Double? {
        guard let kcal = kcalPerServing, let grams = gramsPerServing, grams > 0 else { return nil }
        return (kcal / grams * 1000).rounded() / 10
    }

    @Sendable func bookmarks(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        var body = HTML.empty
        var category: String?? = .none
        for recipe in try recipes.bookmarks(accountID: member.accountID) {
            if category != .some(recipe.category) {
                if category != nil { body += "</ul>" }
                category = .some(recipe.category)
                body += #"<h2>\#(recipe.category ?? format.t("recipes.no_category"))</h2><ul class="plain-list recipe-list">"#
            }
            body += #"<li><a href="/recipes/\#(recipe.id)">\#(recipe.title)</a> <form method="post" action="/recipes/\#(recipe.id)/bookmark" class="inline-form"><input type="hidden" name="_csrf" value="\#(context.csrfToken)"><input type="hidden" name="on" value="0"><input type="hidden" name="back" value="bookmarks"><button type="submit" class="link">\#(format.t("recipes.unbookmark"))</button></form></li>"#
        }
        if category != nil { body += "</ul>" }
        let page = RecipeBookmarksPage(body: body, empty: body == .empty)
        return renderer.page(page, titleKey: "recipes.bookmarks", request: request, context: context)
    }
}
