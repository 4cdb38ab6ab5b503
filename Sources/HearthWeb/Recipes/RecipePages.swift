import HearthStore
import HearthHTML
import Hummingbird

/// `/recipes`.
struct RecipeListPage: Page {
    static let template = "recipes/index"
    let query: String
    let ingredients: String
    let matchAll: Bool
    let body: HTML
    let problem: String?
    let nothing: String?

    func child(named name: String) -> Any? {
        switch name {
        case "query": query
        case "ingredients": ingredients
        case "matchAll": matchAll
        case "body": body
        case "problem": problem ?? false
        case "nothing": nothing ?? false
        default: nil
        }
    }
}

/// `/recipes/{id}`.
struct RecipePage: Page {
    static let template = "recipes/show"
    let id: Int64
    let title: String
    let category: String
    let servings: String
    let scalable: Bool
    let ingredients: HTML
    let steps: HTML
    let tip: String?
    let source: String?
    let sourceName: String?
    let image: String?
    let bookmarked: Bool
    /// "Add to the pets' food list", for members who record.
    let food: Food?
    let figures: String

    struct Food { let action, energy: String; let done: Bool }

    func child(named name: String) -> Any? {
        switch name {
        case "id": String(id)
        case "title": title
        case "category": category
        case "servings": servings
        case "scalable": scalable
        case "ingredients": ingredients
        case "steps": steps
        case "tip": tip ?? false
        case "source": source ?? false
        case "sourceName": sourceName ?? ""
        case "image": image ?? false
        case "bookmarked": bookmarked
        case "figures": figures
        case "food": food.map { ["action": $0.action, "energy": $0.energy, "done": $0.done] as [String: Any] } ?? false
        default: nil
        }
    }
}

/// `/recipes/bookmarks`: a member's own, by category.
struct RecipeBookmarksPage: Page {
    static let template = "recipes/bookmarks"
    let body: HTML
    let empty: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "body": body
        case "empty": empty
        default: nil
        }
    }
}

/// The recipe book.
enum RecipesArea: Area {
    static let pages: [any Page.Type] = [RecipeListPage.self, RecipePage.self, RecipeBookmarksPage.self]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        RecipesController(renderer: services.renderer, recipes: RecipeRepository(services.database), foods: FoodRepository(services.database)).addRoutes(to: router)
    }
}
