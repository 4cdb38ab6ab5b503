import HearthStore
import Hummingbird
import HearthHTML

/// Printable reports.
enum ReportsArea: Area {
    static let pages: [any Page.Type] = [ReportIndexPage.self, ReportPage.self]
    static let help: String? = "reports"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: ReportRoutes.index.pattern, key: "nav.reports", place: .more, rank: 1)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let reports = ReportsController(
            renderer: services.renderer, database: services.database, subjects: SubjectRepository(services.database),
            charts: ChartsController(
                renderer: services.renderer, charts: ChartRepository(services.database), database: services.database, areas: services.areas),
            printer: ChromiumPrinter(publicDirectory: services.configuration.publicDirectory, photos: services.photoFiles), areas: services.areas,
            now: services.clock)
        router.get(ReportRoutes.index.path, use: reports.index)
        router.get(ReportRoutes.household.path, use: reports.household)
        router.get(ReportRoutes.subject.path, use: reports.subject)
        router.get(ReportRoutes.medicationChart.path, use: reports.medicationChart)
    }
}

/// The reports' pages: the list, the household's month, a subject's month or vet span
/// (`/reports/3/2026-11`, `/reports/3/vet?days=90`) and its medication chart, for the router
/// and every link to them.
enum ReportRoutes {
    static let index = Route("/reports")
    static let household = Route("/reports/household/:month")
    static let subject = Route("/reports/:subject/:span")
    /// A subject's medication chart (MAR) of a month: `/reports/3/2026-11/mar`.
    static let medicationChart = Route("/reports/:subject/:span/mar")

    /// A subject's vet report of the last `days` days, or the form's address without them.
    static func vet(_ subject: Int64, days: Int? = nil) -> String {
        QueryLink.make(Self.subject(subject, "vet"), days.map { ["days": String($0)] } ?? [:])
    }
}
