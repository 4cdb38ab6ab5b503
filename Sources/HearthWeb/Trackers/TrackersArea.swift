import HearthStore
import Hummingbird

/// Trackers: record kinds of the household's own (a cat's glucose, a dog's seizures, a
/// grandmother's blood pressure). Their records are records like the others: a pet's go through
/// the pet's record form (`kind=tracker`), a person's through `/people/:id/trackers/:tracker`.
enum TrackersArea: Area {
    static let pages: [any Page.Type] = [TrackerListPage.self, TrackerFormPage.self, TrackerRecordPage.self]
    static let help: String? = "trackers"
    static let cards: (any AreaCards.Type)? = TrackerCards.self
    static let navigation: [NavigationEntry] = [NavigationEntry(href: TrackerRoutes.list.pattern, key: "nav.trackers", place: .more, rank: 6)]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let trackers = TrackerRepository(services.database)
        let controller = TrackersController(
            renderer: services.renderer, trackers: trackers, subjects: SubjectRepository(services.database),
            regimens: RegimenRepository(services.database))
        let records = TrackerRecordsController(renderer: services.renderer, trackers: trackers, entries: EntryRepository(services.database))
        typealias R = TrackerRoutes
        router.get(R.list.path, use: controller.list)
        // A tracker's definition is the whole household's (its records may be anyone's): a member
        // limited to some subjects records with the household's trackers, and changes none.
        router.group().add(middleware: RequireRecorderMiddleware()).add(middleware: RequireWholeHouseholdMiddleware())
            .get(R.new.path, use: controller.new)
            .post(R.list.path, use: controller.create)
            .post(R.readyMade.path, use: controller.addReadyMade)
        router.group(R.one.path).add(middleware: RequireRecorderMiddleware()).add(middleware: RequireWholeHouseholdMiddleware()).loadingTracker(trackers)
            .get(R.edit.under(R.one), use: controller.edit)
            .post(use: controller.update)
            .post(R.delete.under(R.one), use: controller.delete)
        router.group(R.personRecord.path).loadingPerson(PersonRepository(services.database))
            .get(use: records.new)
            .post(use: records.create)
    }
}

/// Trackers' pages, for the router and every link to them.
enum TrackerRoutes {
    static let list = Route("/trackers")
    static let new = Route("/trackers/new")
    static let readyMade = Route("/trackers/ready-made")
    static let one = Route("/trackers/:id")
    static let edit = Route("/trackers/:id/edit")
    static let delete = Route("/trackers/:id/delete")
    /// A person's record of a tracker: its form, and where it is sent.
    static let personRecord = Route("/people/:id/trackers/:tracker")
}
