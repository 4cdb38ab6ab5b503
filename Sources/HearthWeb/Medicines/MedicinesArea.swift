import HearthStore
import Hummingbird

/// Medicines and supplements: the catalogue (regimens and the dose log build on it).
enum MedicinesArea: Area {
    static let pages: [any Page.Type] = [MedicineListPage.self, MedicinePage.self, MedicineFormPage.self, MedicineImportPage.self, PillsPage.self]
    static let help: String? = "medicines"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: MedicineRoutes.list.pattern, key: "nav.medicines", place: .more, rank: 5)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let catalogue = MedicineRepository(services.database)
        let medicines = MedicinesController(
            renderer: services.renderer, medicines: catalogue, intake: services.intake,
            subjects: SubjectRepository(services.database), jobs: MedicineImportJobs(changes: services.pageChanges))
        typealias R = MedicineRoutes
        router.get(R.list.path, use: medicines.list)
        let pills = PillsController(renderer: services.renderer, pills: PillRepository(services.database))
        router.get(R.pills.path, use: pills.show)
        router.group().add(middleware: RequireRecorderMiddleware())
            .get(R.new.path, use: medicines.new)
            .post(R.list.path, use: medicines.create)
            .post(R.importList.path, use: medicines.importList)
        router.group(R.one.path).loadingMedicine(catalogue)
            .get(use: medicines.show)
        router.group(R.one.path).add(middleware: RequireRecorderMiddleware()).loadingMedicine(catalogue)
            .get(R.edit.under(R.one), use: medicines.edit)
            .post(use: medicines.update)
        router.get(R.importJob.path, use: medicines.importProgress)
        router.get(R.importStatus.path, use: medicines.importStatus)
    }
}

/// The catalogue's pages, for the router and every link to them.
enum MedicineRoutes {
    static let list = Route("/medicines")
    static let new = Route("/medicines/new")
    static let pills = Route("/medicines/pills")
    static let importList = Route("/medicines/import")
    static let importJob = Route("/medicines/imports/:job")
    static let importStatus = Route("/medicines/imports/:job/status")
    static let one = Route("/medicines/:id")
    static let edit = Route("/medicines/:id/edit")
}
