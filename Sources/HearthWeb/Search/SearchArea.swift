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
            subjects: SubjectRepository(database), regimens: RegimenRepository(database), medicines: MedicineRepository(database),
            recipes: RecipeRepository(database), clinics: ClinicRepository(database), routines: RoutineRepository(database),
            appointments: AppointmentRepository(database), now: services.clock)
        router.get("/search", use: search.show)
    }
}
