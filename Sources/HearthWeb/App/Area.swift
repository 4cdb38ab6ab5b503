import Hummingbird

/// One area of the product (a folder in every module): its pages and its routes. The
/// router is every area's routes; the renderer checks every area's pages at start-up.
protocol Area: SendableMetatype {
    /// The area's page models, whose templates must exist for the server to start.
    static var pages: [any Page.Type] { get }
    /// The chapter of the manual its pages link to (`Templates/help/<language>/<help>.md`),
    /// or nil for an area with no pages of its own.
    static var help: String? { get }
    /// Its places in the main navigation (none for most areas).
    static var navigation: [NavigationEntry] { get }
    /// Its cards on other areas' pages: pets', people's, the home page (none for most areas).
    static var cards: (any AreaCards.Type)? { get }
    static func addRoutes(to router: Router<AppRequestContext>, services: Services)
}

extension Area {
    static var navigation: [NavigationEntry] { [] }
    static var cards: (any AreaCards.Type)? { nil }
}

/// One place in the main navigation: in the bar a phone always shows, or in its "More" menu,
/// at `rank` among the others there.
struct NavigationEntry: Sendable {
    enum Place: Sendable { case bar, more }
    let href: String
    /// Its words (`nav.pets`).
    let key: String
    let place: Place
    let rank: Int
    var ownerOnly = false
}

/// Every area, in the order their routes are added.
enum Areas {
    static let all: [any Area.Type] = [
        AppArea.self, HouseholdArea.self, HomeArea.self, CalendarArea.self, PeopleArea.self, ImportsArea.self, PetsArea.self, HealthArea.self,
        MedicinesArea.self, RegimensArea.self, RoutinesArea.self, AppointmentsArea.self, ChartsArea.self, PhotosArea.self, GalleryArea.self, ReportsArea.self,
        RecipesArea.self, BackupsArea.self, FlagsArea.self, TrackersArea.self,
        PhonesArea.self, APIArea.self, SearchArea.self, HistoryArea.self, BinArea.self, HelpArea.self,
    ]

    static var pages: [any Page.Type] { AreaList.standard.pages }

    /// Every area's navigation places, in their order.
    static let navigation: [NavigationEntry] = all.flatMap { $0.navigation }.sorted { $0.rank < $1.rank }

    /// The manual's chapters: each area's, in the order of `all`, then those of no one area.
    static let helpTopics: [String] = {
        var topics: [String] = []
        for topic in all.compactMap({ $0.help }) where !topics.contains(topic) { topics.append(topic) }
        return topics + ["numbers"]
    }()

    /// Each page's chapter of the manual, for the help link the layout shows.
    static let helpByPage: [ObjectIdentifier: String] = Dictionary(
        all.flatMap { area in area.pages.compactMap { page in area.help.map { (ObjectIdentifier(page), $0) } } }, uniquingKeysWith: { first, _ in first })
}

/// The server's own pages: the health check (open to anyone, for a monitor).
enum AppRoutes {
    static let health = Route("/healthz")
}

/// The server's own routes: the health check.
enum AppArea: Area {
    static let pages: [any Page.Type] = []
    static let help: String? = nil

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let health = HealthController(database: services.database, diskSpace: services.diskSpace)
        router.get(AppRoutes.health.path, use: health.check)
    }
}
