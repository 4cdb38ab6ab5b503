import HearthStore
import Hummingbird

/// The household's people: profiles, each with a colour and optionally the account that is them.
enum PeopleArea: Area {
    static let pages: [any Page.Type] = [
        PersonListPage.self, PersonPage.self, PersonFormPage.self, PersonGoalsPage.self, PeopleTodayCard.self, PersonTimelinePage.self,
    ]
    static let help: String? = "people"
    static let cards: (any AreaCards.Type)? = PeopleCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/people", key: "nav.people", place: .bar, rank: 3)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let people = PersonRepository(services.database)
        let controller = PeopleController(
            renderer: services.renderer, people: people, accounts: AccountRepository(services.database),
            daily: DailyRepository(services.database), entries: EntryRepository(services.database), intake: services.intake,
            database: services.database, areas: services.areas, now: services.clock)
        let recorder = RequireRecorderMiddleware()

        router.get("/people", use: controller.list)
        router.group().add(middleware: recorder).add(middleware: RequireWholeHouseholdMiddleware())
            .get("/people/new", use: controller.new)
            .post("/people", use: controller.create)
        let timeline = PersonTimelineController(renderer: services.renderer, database: services.database)
        router.group("/people/:id").loadingPerson(people)
            .get(use: controller.show)
            .get("timeline", use: timeline.show)
        router.group("/people/:id").add(middleware: recorder).loadingPerson(people)
            .get("edit", use: controller.edit)
            .post(use: controller.update)
            .post("water", use: controller.water)
            .post("steps", use: controller.steps)
            .post("weight", use: controller.weight)
            .get("goals", use: controller.goals)
            .post("goals", use: controller.saveGoals)
    }
}
