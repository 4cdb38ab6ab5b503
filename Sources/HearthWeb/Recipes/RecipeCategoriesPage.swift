import HearthStore
import HearthHTML
import Hummingbird

/// `/recipes/categories`: the household's list, renamed, added to, removed from.
struct RecipeCategoriesPage: Page {
    static let template = "recipes/categories"
    let categories: [Row]
    let added: String
    let problem: String?

    struct Row: PagePart {
        let id: String
        let name: String
        let count: String

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "name": self.name
            case "count": count
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "categories": categories
        case "added": added
        case "problem": problem ?? false
        default: nil
        }
    }
}
