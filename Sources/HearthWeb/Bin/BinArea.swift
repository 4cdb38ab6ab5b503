import Foundation
import HearthStore
import Hummingbird

/// 휴지통: what the household deleted, kept for the owner's number of days, put back by anyone
/// who could delete it, emptied by the owner or by the daily clean-up (`BinCleanup`).
enum BinArea: Area {
    static let pages: [any Page.Type] = [BinPage.self]
    static let help: String? = "history"
    static let navigation: [NavigationEntry] = [NavigationEntry(href: BinRoutes.bin.pattern, key: "nav.bin", place: .more, rank: 9)]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let bin = BinController(
            renderer: services.renderer, bin: BinRepository(services.database), pets: PetRepository(services.database), intake: services.intake,
            now: services.clock)
        router.get(BinRoutes.bin.path, use: bin.show)
        router.group().add(middleware: RequireRecorderMiddleware()).post(BinRoutes.putBack.path, use: bin.putBack)
        router.group().add(middleware: RequireOwnerMiddleware()).post(BinRoutes.empty.path, use: bin.empty)
    }
}

/// The bin's page and its two forms, for the router and every link and form to them.
enum BinRoutes {
    static let bin = Route("/bin")
    static let putBack = Route("/bin/put-back")
    static let empty = Route("/bin/empty")
}
