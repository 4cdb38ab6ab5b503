import HearthStore
import Hummingbird

/// Imports from phones (Apple Health, Google Fit) into a person's days, with a progress page.
enum ImportsArea: Area {
    static let pages: [any Page.Type] = [ImportFormPage.self, ImportProgressPage.self]
    static let help: String? = "imports"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let people = PersonRepository(services.database), imports = ImportRepository(services.database)
        let controller = ImportsController(
            renderer: services.renderer, imports: imports, people: people,
            runner: services.importRunner, temporaryFolder: services.photoFiles.temporary)
        typealias R = ImportRoutes
        router.group(R.person.path).add(middleware: RequireRecorderMiddleware()).loadingPerson(people)
            .get(R.fromPhone.under(R.person), use: controller.form)
            .post(R.fromPhone.under(R.person), use: controller.upload)
        router.group(R.one.path).loadingImport(imports)
            .get(use: controller.progress)
            .get(R.status.under(R.one), use: controller.status)
    }
}

/// A person's import from a phone and its progress, for the router and every link to them.
enum ImportRoutes {
    static let person = Route("/people/:id")
    static let fromPhone = Route("/people/:id/import")
    static let one = Route("/imports/:id")
    static let status = Route("/imports/:id/status")

    /// The uploads of a file to bring in (a phone's export, recipes, the medicine and clinic
    /// registers), which may be larger than any other body.
    static let uploads = [fromPhone, RecipeRoutes.importFile, MedicineRoutes.importList, ClinicRoutes.importRegister]
}
