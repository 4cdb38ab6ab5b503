import HearthStore
import Hummingbird

/// Medicines and supplements: the catalogue (regimens and the dose log build on it).
enum MedicinesArea: Area {
    static let pages: [any Page.Type] = [MedicineListPage.self, MedicinePage.self, MedicineFormPage.self, MedicineImportPage.self, PillsPage.self]
    static let help: String? = "medicines"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/medicines", key: "nav.medicines", place: .more, rank: 5)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let medicines = MedicinesController(
            renderer: services.renderer, medicines: MedicineRepository(services.database), intake: services.intake,
            subjects: SubjectRepository(services.database), jobs: MedicineImportJobs(changes: services.pageChanges))
        router.get("/medicines", use: medicines.list)
        let pills = PillsController(renderer: services.renderer, pills: PillRepository(services.database))
        router.get("/medicines/pills", use: pills.show)
        router.group("/medicines").add(middleware: RequireRecorderMiddleware())
            .get("new", use: medicines.new)
            .post(use: medicines.create)
            .post("import", use: medicines.importList)
            .get(":id/edit", use: medicines.edit)
            .post(":id", use: medicines.update)
        router.get("/medicines/:id", use: medicines.show)
        router.get("/medicines/imports/:job", use: medicines.importProgress)
        router.get("/medicines/imports/:job/status", use: medicines.importStatus)
    }
}
