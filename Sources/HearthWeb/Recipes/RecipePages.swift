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

    struct Food { let action, energy: String; let done: Bool }

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

    func child(named name: String) -> Any? {
        switch name {
        case "id": String(id)
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

/// `/recipes/bookmarks`: a member's own, by category.
struct RecipeBookmarksPage: Page {
    static let template = "recipes/bookmarks"
    let groups: [Group]

    struct Group: PagePart {
        let name: String
        var recipes: [Item]

        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "recipes": recipes
            default: nil
            }
        }
    }

    struct Item: PagePart {
        let id: String
        let title: String

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "title": title
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "groups": groups
        case "empty": groups.isEmpty
        default: nil
        }
    }
}

/// `/recipes/new` and `/recipes/{id}/edit`.
struct RecipeFormPage: Page {
    static let template = "recipes/form"
    let heading: String
    let action: String
    let cancel: String
    let fields: FormFields
    let problems: FormProblems
    let categories: [OptionView]
    let steps: [RecipeForm.StepRow]
    /// The dish's own photo, when it has one.
    let photo: String?
    /// An imported recipe's image address.
    let imageLink: String?
    let stepsError: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "fields": fields
        case "categories": categories
        case "steps": steps
        case "stepCount": String(steps.count)
        case "photo": photo ?? false
        case "imageLink": imageLink ?? false
        case "stepsError": stepsError ?? false
        default: problems.child(named: name)
        }
    }
}

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

/// `/recipes/import`: a file, or pasted text, and what the last import did.
struct RecipeImportPage: Page {
    static let template = "recipes/import"
    var pasted = ""
    var problem: String?
    var summary: Summary?

    /// What an import did, said in the member's language.
    struct Summary: PagePart {
        let heading: String
        let imported: [Link]
        let duplicates: [String]
        let refused: [String]
        let imageLinks: Bool

        struct Link: PagePart {
            let title: String
            let href: String?
            func child(named name: String) -> Any? {
                switch name {
                case "title": title
                case "href": href ?? false
                default: nil
                }
            }
        }

        func child(named name: String) -> Any? {
            switch name {
            case "heading": heading
            case "imported": imported
            case "hasImported": !imported.isEmpty
            case "duplicates": duplicates
            case "hasDuplicates": !duplicates.isEmpty
            case "refused": refused
            case "hasRefused": !refused.isEmpty
            case "imageLinks": imageLinks
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "pasted": pasted
        case "problem": problem ?? false
        case "summary": summary ?? false
        default: nil
        }
    }
}
