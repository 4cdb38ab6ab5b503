import HearthStore
import Hummingbird
import HearthHTML

/// Printable reports.
enum ReportsArea: Area {
    static let pages: [any Page.Type] = [ReportIndexPage.self, ReportPage.self]
    static let help: String? = "reports"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        ReportsController(
            renderer: services.renderer, reports: ReportRepository(services.database), subjects: SubjectRepository(services.database),
            charts: ChartsController(renderer: services.renderer, charts: ChartRepository(services.database)),
            printer: ChromiumPrinter(publicDirectory: services.configuration.publicDirectory, photos: services.photoFiles), now: services.clock)
            .addRoutes(to: router)
    }
}
