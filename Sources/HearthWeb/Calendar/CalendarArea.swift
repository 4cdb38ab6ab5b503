import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The household calendar: months, days and years of everyone the member may see.
enum CalendarArea: Area {
    static let pages: [any Page.Type] = [CalendarMonthPage.self, CalendarDayPage.self, CalendarYearPage.self]
    static let help: String? = "calendar"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: CalendarRoutes.thisMonth.pattern, key: "nav.calendar", place: .bar, rank: 1)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let controller = CalendarController(
            renderer: services.renderer, calendar: CalendarRepository(services.database), subjects: SubjectRepository(services.database),
            database: services.database, areas: services.areas, now: services.clock)
        router.get(CalendarRoutes.thisMonth.path, use: controller.thisMonth)
        router.get(CalendarRoutes.when.path, use: controller.show)
    }
}

/// The calendar's pages: this month, and a year, month or day (`/calendar/2026`, `/calendar/2026-11`, `/calendar/2026-11-28`).
enum CalendarRoutes {
    static let thisMonth = Route("/calendar")
    static let when = Route("/calendar/:when")

    static func day(_ day: LocalDate) -> String { when(day) }
    static func month(_ month: YearMonth) -> String { when(month) }
    static func year(_ year: Int) -> String { when(year.zeroPadded(4)) }
}
