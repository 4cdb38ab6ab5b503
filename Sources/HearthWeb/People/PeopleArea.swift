import HearthStore
import Hummingbird

/// The household's people: profiles, each with a colour and optionally the account that is them.
enum PeopleArea: Area {
    static let pages: [any Page.Type] = [PersonListPage.self, PersonPage.self, PersonFormPage.self, PersonGoalsPage.self]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let people = PersonRepository(services.database)
        let controller = PeopleController(renderer: services.renderer, people: people, accounts: AccountRepository(services.database),
            daily: DailyRepository(services.database), entries: EntryRepository(services.database), intake: services.intake,
            regimens: RegimenRepository(services.database), now: services.clock)
        let recorder = RequireRecorderMiddleware()
        let loadPerson = LoadPersonMiddleware(people: people)

        router.get("/people", use: controller.list)
        router.group().add(middleware: recorder).add(middleware: RequireWholeHouseholdMiddleware())
            .get("/people/new", use: controller.new)
            .post("/people", use: controller.create)
        router.group("/people/:id").add(middleware: loadPerson)
            .get(use: controller.show)
        router.group("/people/:id").add(middleware: recorder).add(middleware: loadPerson)
            .get("edit", use: controller.edit)
            .post(use: controller.update)
            .post("water", use: controller.water)
            .post("steps", use: controller.steps)
            .post("weight", use: controller.weight)
            .get("goals", use: controller.goals)
            .post("goals", use: controller.saveGoals)
    }
}

/// `/people/:id/…`: the person, or 404.
struct LoadPersonMiddleware: RouterMiddleware {
    let people: PersonRepository

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), let person = try await people.person(id: id, access: context.access) else { throw PageError.notFound }
        var context = context
        context.person = person
        return try await next(request, context)
    }
}

extension AppRequestContext {
    /// The person their route group loaded.
    func loadedPerson() throws -> Person {
        guard let person else { throw PageError(status: .internalServerError, messageKey: "error.server") }
        return person
    }
}
