import Foundation
import HearthStore
import Hummingbird

/// One search over everything the member may see (`/search`), from the box in the header.
enum SearchArea: Area {
    static let pages: [any Page.Type] = [SearchPage.self]
    static let help: String? = "search"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let database = services.database
        let search = SearchController(
            renderer: services.renderer, words: SearchWords(strings: services.renderer.strings), search: SearchRepository(database),
            subjects: SubjectRepository(database), database: database, areas: services.areas, now: services.clock)
        router.get(SearchRoutes.search.path, use: search.show)
    }
}

/// The search page, for the router and every link and form to it.
enum SearchRoutes {
    static let search = Route("/search")
}
