import HearthStore
import Hummingbird

/// Imports from phones (Apple Health, Google Fit) into a person's days, with a progress page.
enum ImportsArea: Area {
    static let pages: [any Page.Type] = [ImportFormPage.self, ImportProgressPage.self]
    static let help: String? = "imports"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let people = PersonRepository(services.database)
        let controller = ImportsController(
            renderer: services.renderer, imports: ImportRepository(services.database), people: people,
            runner: services.importRunner, temporaryFolder: services.photoFiles.temporary)
        router.group("/people/:id").add(middleware: RequireRecorderMiddleware()).loadingPerson(people)
            .get("import", use: controller.form)
            .post("import", use: controller.upload)
        router.get("/imports/:id", use: controller.progress)
        router.get("/imports/:id/status", use: controller.status)
    }
}
