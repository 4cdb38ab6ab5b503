import Foundation
import HearthStore
import Hummingbird

/// Care routines: what is done again and again for a pet, a person or the house, and by whom.
enum RoutinesArea: Area {
    static let pages: [any Page.Type] = [RoutineListPage.self, RoutineFormPage.self, RoutinePage.self, RoutinesTodayCard.self]
    static let help: String? = "routines"
    static let cards: (any AreaCards.Type)? = RoutineCards.self
    static let navigation: [NavigationEntry] = [NavigationEntry(href: "/routines", key: "nav.routines", place: .more, rank: 5)]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let routines = RoutinesController(
            renderer: services.renderer, routines: RoutineRepository(services.database), subjects: SubjectRepository(services.database),
            accounts: AccountRepository(services.database), now: services.clock)
        router.get("/routines", use: routines.list)
        router.group("/routines").add(middleware: RequireRecorderMiddleware())
            .get("new", use: routines.new)
            .post(use: routines.create)
            .get(":id/edit", use: routines.edit)
            .post(":id", use: routines.update)
            .post(":id/delete", use: routines.delete)
            .post(":id/mark", use: routines.mark)
        router.get("/routines/:id", use: routines.show)
    }
}
