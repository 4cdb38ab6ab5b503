import Foundation
import HearthCharts
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// Charts of a pet or a person over a week, a month, a year or all their days.
enum ChartsArea: Area {
    static let pages: [any Page.Type] = [ChartsPage.self]
    static let help: String? = "charts"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let controller = ChartsController(
            renderer: services.renderer, charts: ChartRepository(services.database), database: services.database, areas: services.areas)
        router.group(PersonRoutes.one.path).loadingPerson(PersonRepository(services.database))
            .get(ChartRoutes.person.under(PersonRoutes.one), use: controller.person)
        router.group(PetRoutes.one.path).loadingPet(PetRepository(services.database))
            .get(ChartRoutes.pet.under(PetRoutes.one), use: controller.pet)
    }
}

/// A subject's charts, for the router and every link to them.
enum ChartRoutes {
    static let person = Route("/people/:id/charts")
    static let pet = Route("/pets/:id/charts")
}
