import Foundation
import HearthStore
import Hummingbird

/// The history of every change: the owner's household activity page (`/activity`), and the
/// `HistoryHTML` lines a record's and a regimen's pages show of their own.
enum HistoryArea: Area {
    static let pages: [any Page.Type] = [ActivityPage.self]
    static let help: String? = "history"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: HistoryRoutes.activity.pattern, key: "nav.activity", place: .more, rank: 9, ownerOnly: true)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let database = services.database
        let activity = ActivityController(
            renderer: services.renderer, history: HistoryRepository(database), accounts: AccountRepository(database), subjects: SubjectRepository(database),
            records: EntryRepository(database), foods: FoodRepository(database))
        router.group().add(middleware: RequireOwnerMiddleware()).get(HistoryRoutes.activity.path, use: activity.show)
    }
}

/// The activity page, for the router and every link to it.
enum HistoryRoutes {
    static let activity = Route("/activity")
}
