import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The household calendar: months, days and years of everyone the member may see.
enum CalendarArea: Area {
    static let pages: [any Page.Type] = [CalendarMonthPage.self, CalendarDayPage.self, CalendarYearPage.self]
    static let help: String? = "calendar"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/calendar", key: "nav.calendar", place: .bar, rank: 1)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let controller = CalendarController(
            renderer: services.renderer, calendar: CalendarRepository(services.database), subjects: SubjectRepository(services.database),
            database: services.database, areas: services.areas, now: services.clock)
        router.get("/calendar", use: controller.thisMonth)
        router.get("/calendar/:when", use: controller.show)
    }
}
