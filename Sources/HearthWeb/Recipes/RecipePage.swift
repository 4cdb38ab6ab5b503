import HearthStore
import HearthHTML
import Hummingbird

/// `/recipes/{id}`: the recipe, its ingredients scaled to the servings asked for, beside
/// its steps (on screen when there is room, always on paper).
struct RecipePage: Page {
    static let template = "recipes/show"
    let id: Int64
    let title: String
    let category: String?
    /// Each tag a link to the recipes that have it.
    let tags: [LinkView]
    let servings: String
    /// "For 6 (the recipe is for 4)", when scaled.
    let scaled: String?
    let scalable: Bool
    let ingredients: [IngredientRow]
    let parts: [Part]
    let tip: String?
    let description: String?
    let source: String?
    let sourceName: String?
    /// The dish's own photo.
    let photo: String?
    /// An imported recipe's photo address, a link only.
    let image: String?
    let bookmarked: Bool
    let canRecord: Bool
    /// "Add to the pets' food list", for members who record.
    let food: Food?
    let figures: String

    struct Food {
        let action, energy: String
        let done: Bool
    }

    struct IngredientRow: PagePart {
        /// "1¼ cup", scaled; nil for a line that could not be read.
        let amount: String?
        let words: String
        let note: String?
        /// "양파 ¾개" rather than "¾개 양파".
        let nameFirst: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "amount": amount ?? false
            case "words": words
            case "note": note ?? false
            case "nameFirst": nameFirst
            default: nil
            }
        }
    }

    /// A part of the recipe ("The sauce"), or the steps before any part is named.
    struct Part: PagePart {
        let name: String?
        /// The number of its first step: numbering runs on through the parts.
        let start: Int
        var steps: [StepRow]

        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name ?? false
            case "start": String(start)
            case "steps": steps
            default: nil
            }
        }
    }

    struct StepRow: PagePart {
        let number: Int
        let text: String
        let photo: String?
        let link: String?

        func child(named name: String) -> Any? {
            switch name {
            case "number": String(number)
            case "text": text
            case "thumbnail": photo.map(PhotoURL.thumbnail) ?? false
            case "preview": photo.map(PhotoURL.preview) ?? false
            case "link": link ?? false
            default: nil
            }
        }
    }

    /// Its links by the names its template reads (`links.edit`), made once, not on each lookup.
    static let links: [String: Route] = [
        "one": RecipeRoutes.one, "bookmark": RecipeRoutes.bookmark, "export": RecipeRoutes.exportOne, "edit": RecipeRoutes.edit, "delete": RecipeRoutes.delete,
    ]

    func child(named name: String) -> Any? {
        switch name {
        case "id": String(id)
        case "links":
            RouteLinks(id, Self.links)
        case "title": title
        case "category": category ?? false
        case "tags": tags
        case "hasTags": !tags.isEmpty
        case "servings": servings
        case "scaled": scaled ?? false
        case "scalable": scalable
        case "ingredients": ingredients
        case "parts": parts
        case "tip": tip ?? false
        case "description": description ?? false
        case "source": source ?? false
        case "sourceName": sourceName ?? ""
        case "photo": photo.map(PhotoURL.preview) ?? false
        case "image": image ?? false
        case "bookmarked": bookmarked
        case "canRecord": canRecord
        case "figures": figures
        case "food": food.map { ["action": $0.action, "energy": $0.energy, "done": $0.done] as [String: Any] } ?? false
        default: nil
        }
    }
}
