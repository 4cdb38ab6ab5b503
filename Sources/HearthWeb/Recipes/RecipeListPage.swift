import HearthStore
import HearthHTML
import Hummingbird

/// `/recipes`: the category chips, the two searches, one page of recipes by title.
struct RecipeListPage: Page {
    static let template = "recipes/index"
    let query: String
    let ingredients: String
    let matchAll: Bool
    /// "All", the tag being shown, and each category to browse.
    let categories: [LinkView]
    let recipes: [Item]
    let next: String?
    let problem: String?
    let nothing: String?
    let notice: String?
    let canRecord: Bool

    struct Item: PagePart {
        let href: String
        let title: String
        let category: String?

        func child(named name: String) -> Any? {
            switch name {
            case "href": href
            case "title": title
            case "category": category ?? false
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "query": query
        case "ingredients": ingredients
        case "matchAll": matchAll
        case "categories": categories
        case "recipes": recipes
        case "hasRecipes": !recipes.isEmpty
        case "next": next ?? false
        case "problem": problem ?? false
        case "nothing": nothing ?? false
        case "notice": notice ?? false
        case "canRecord": canRecord
        default: nil
        }
    }
}
