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
        NavigationEntry(href: PersonRoutes.list.pattern, key: "nav.people", place: .bar, rank: 3)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let people = PersonRepository(services.database)
        let controller = PeopleController(
            renderer: services.renderer, people: people, accounts: AccountRepository(services.database),
            daily: DailyRepository(services.database), entries: EntryRepository(services.database), intake: services.intake,
            database: services.database, areas: services.areas, now: services.clock)
        let recorder = RequireRecorderMiddleware()

        typealias R = PersonRoutes
        router.get(R.list.path, use: controller.list)
        router.group().add(middleware: recorder).add(middleware: RequireWholeHouseholdMiddleware())
            .get(R.new.path, use: controller.new)
            .post(R.list.path, use: controller.create)
        let timeline = PersonTimelineController(renderer: services.renderer, database: services.database)
        router.group(R.one.path).loadingPerson(people)
            .get(use: controller.show)
            .get(R.timeline.under(R.one), use: timeline.show)
        router.group(R.one.path).add(middleware: recorder).loadingPerson(people)
            .get(R.edit.under(R.one), use: controller.edit)
            .post(use: controller.update)
            .get(R.goals.under(R.one), use: controller.goals)
            .post(R.goals.under(R.one), use: controller.saveGoals)
        router.group(R.one.path).loadingPerson(people).add(middleware: RequireRecorderOrSelfMiddleware())
            .post(R.water.under(R.one), use: controller.water)
            .post(R.steps.under(R.one), use: controller.steps)
            .post(R.weight.under(R.one), use: controller.weight)
            .post(R.deleteRecord.under(R.one), use: timeline.delete)
    }
}

/// A person's pages, for the router and every link to them.
enum PersonRoutes {
    static let list = Route("/people")
    static let new = Route("/people/new")
    static let one = Route("/people/:id")
    static let timeline = Route("/people/:id/timeline")
    static let edit = Route("/people/:id/edit")
    static let water = Route("/people/:id/water")
    static let steps = Route("/people/:id/steps")
    static let weight = Route("/people/:id/weight")
    static let goals = Route("/people/:id/goals")
    /// A weighing or a tracker's reading of theirs to the bin (put back from `/bin`).
    static let deleteRecord = Route("/people/:id/records/:record/delete")
}
