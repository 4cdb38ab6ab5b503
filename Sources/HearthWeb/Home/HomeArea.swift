import HearthStore
import Hummingbird

/// `/`: the member's starting page.
enum HomeArea: Area {
    static let pages: [any Page.Type] = [HomePage.self]
    static let help: String? = "home"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/", key: "nav.home", place: .bar, rank: 0)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let home = HomeController(renderer: services.renderer, database: services.database, areas: services.areas, now: services.clock)
        router.get("/", use: home.show)
    }
}
