import Foundation
import HearthStore
import Hummingbird

/// Care routines: what is done again and again for a pet, a person or the house, and by whom.
enum RoutinesArea: Area {
    static let pages: [any Page.Type] = [RoutineListPage.self, RoutineFormPage.self, RoutinePage.self]
    static let help: String? = "routines"
    static let cards: (any AreaCards.Type)? = RoutineCards.self
    static let navigation: [NavigationEntry] = [NavigationEntry(href: RoutineRoutes.list.pattern, key: "nav.routines", place: .more, rank: 5)]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let routines = RoutinesController(
            renderer: services.renderer, routines: RoutineRepository(services.database), subjects: SubjectRepository(services.database),
            accounts: AccountRepository(services.database), now: services.clock)
        let repository = RoutineRepository(services.database)
        typealias R = RoutineRoutes
        router.get(R.list.path, use: routines.list)
        router.group().add(middleware: RequireRecorderMiddleware())
            .get(R.new.path, use: routines.new)
            .post(R.list.path, use: routines.create)
        router.group(R.one.path).loadingRoutine(repository, now: services.clock)
            .get(use: routines.show)
        router.group(R.one.path).add(middleware: RequireRecorderMiddleware()).loadingRoutine(repository, now: services.clock)
            .get(R.edit.under(R.one), use: routines.edit)
            .post(use: routines.update)
            .post(R.delete.under(R.one), use: routines.delete)
            .post(R.mark.under(R.one), use: routines.mark)
    }
}

/// Routines' pages, for the router and every link to them.
enum RoutineRoutes {
    static let list = Route("/routines")
    static let new = Route("/routines/new")
    static let one = Route("/routines/:id")
    static let edit = Route("/routines/:id/edit")
    static let delete = Route("/routines/:id/delete")
    static let mark = Route("/routines/:id/mark")
}
