import HearthStore
import HearthHTML
import Hummingbird

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

        /// Its links by the names its template reads (`links.edit`), made once, not on each lookup.
        static let links: [String: Route] = ["one": RecipeRoutes.one, "bookmark": RecipeRoutes.bookmark]

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "links": RouteLinks(id, Self.links)
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
