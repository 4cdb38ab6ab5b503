import HearthStore
import Hummingbird

/// `/`: the member's starting page, and `/today`: the whole of its list of what needs doing.
enum HomeArea: Area {
    static let pages: [any Page.Type] = [HomePage.self, TodayPage.self]
    static let help: String? = "home"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: HomeRoutes.home.pattern, key: "nav.home", place: .bar, rank: 0)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let home = HomeController(renderer: services.renderer, database: services.database, areas: services.areas, now: services.clock)
        router.get(HomeRoutes.home.path, use: home.show)
        router.get(HomeRoutes.today.path, use: home.today)
    }
}

enum HomeRoutes {
    static let home = Route("/")
    /// Everything home's list would show, uncut; `?part=home` is home's share alone, for the
    /// reminder script to fetch again each minute.
    static let today = Route("/today")
}
