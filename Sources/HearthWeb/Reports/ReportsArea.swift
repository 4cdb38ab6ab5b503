import HearthStore
import Hummingbird
import HearthHTML

/// Printable reports.
enum ReportsArea: Area {
    static let pages: [any Page.Type] = [ReportIndexPage.self, ReportPage.self]
    static let help: String? = "reports"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/reports", key: "nav.reports", place: .more, rank: 1)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let reports = ReportsController(
            renderer: services.renderer, database: services.database, subjects: SubjectRepository(services.database),
            charts: ChartsController(renderer: services.renderer, charts: ChartRepository(services.database)),
            printer: ChromiumPrinter(publicDirectory: services.configuration.publicDirectory, photos: services.photoFiles), areas: services.areas,
            now: services.clock)
        router.get("/reports", use: reports.index)
        router.get("/reports/household/:month", use: reports.household)
        router.get("/reports/:subject/:span", use: reports.subject)
    }
}
