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
        let controller = ChartsController(renderer: services.renderer, charts: ChartRepository(services.database))
        router.group("/people/:id").loadingPerson(PersonRepository(services.database))
            .get("charts", use: controller.person)
        router.group("/pets/:id").loadingPet(PetRepository(services.database))
            .get("charts", use: controller.pet)
    }
}
