import HearthStore
import Hummingbird

/// The household's animals: profiles, daily records with photos, each pet's timeline.
enum PetsArea: Area {
    static let pages: [any Page.Type] = [PetListPage.self, PetPage.self, PetFormPage.self, TimelinePage.self, RecordFormPage.self, PetsTodayCard.self]
    static let help: String? = "pets"
    static let cards: (any AreaCards.Type)? = PetsCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: PetRoutes.list.pattern, key: "nav.pets", place: .bar, rank: 2)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let database = services.database
        let petRepository = PetRepository(database), entries = EntryRepository(database), foods = FoodRepository(database)
        let pets = PetsController(
            renderer: services.renderer, pets: petRepository, pages: PetPages(database), foods: foods, intake: services.intake,
            database: database, areas: services.areas, now: services.clock)
        let records = RecordsController(
            renderer: services.renderer, entries: entries, foods: foods, care: CareRepository(database), clinics: ClinicRepository(database),
            intake: services.intake, appointments: AppointmentRepository(database),
            subjects: SubjectRepository(database), pets: petRepository, history: HistoryRepository(database), trackers: TrackerRepository(database))
        let timeline = TimelineController(renderer: services.renderer, pages: PetPages(database), entries: entries, subjects: SubjectRepository(database))
        let recorder = RequireRecorderMiddleware()

        typealias R = PetRoutes
        router.get(R.list.path, use: pets.list)
        router.group().add(middleware: recorder).add(middleware: RequireWholeHouseholdMiddleware())
            .get(R.new.path, use: pets.new)
            .post(R.list.path, use: pets.create)
        router.group(R.one.path).loadingPet(petRepository)
            .get(use: pets.show)
            .get(R.timeline.under(R.one), use: timeline.show)
        // Changing a pet or its records: a recorder, a pet that exists, and not archived.
        router.group(R.one.path).add(middleware: recorder).loadingPet(petRepository).add(middleware: ArchivedPetIsReadOnlyMiddleware())
            .get(R.edit.under(R.one), use: pets.edit)
            .post(use: pets.update)
            .post(R.foodPreference.under(R.one), use: pets.setPreference)
            .get(R.newRecord.under(R.one), use: records.new)
            .post(R.records.under(R.one), use: records.create)
        // Archiving is the one change an archived pet takes (bringing it back).
        router.group(R.one.path).add(middleware: recorder).loadingPet(petRepository)
            .post(R.archive.under(R.one), use: pets.archive)
            .post(R.unarchive.under(R.one), use: pets.unarchive)
        router.group(RecordRoutes.one.path).add(middleware: recorder).loadingRecord(entries, pets: petRepository, deleted: false)
            .add(middleware: ArchivedPetIsReadOnlyMiddleware())
            .get(RecordRoutes.edit.under(RecordRoutes.one), use: records.edit)
            .post(use: records.update)
            .post(RecordRoutes.delete.under(RecordRoutes.one), use: records.delete)
        router.group(RecordRoutes.one.path).add(middleware: recorder).loadingRecord(entries, pets: petRepository, deleted: true)
            .add(middleware: ArchivedPetIsReadOnlyMiddleware())
            .post(RecordRoutes.restore.under(RecordRoutes.one), use: records.restore)
    }
}

/// A pet's pages, for the router and every link to them.
enum PetRoutes {
    static let list = Route("/pets")
    static let new = Route("/pets/new")
    static let one = Route("/pets/:id")
    static let timeline = Route("/pets/:id/timeline")
    static let edit = Route("/pets/:id/edit")
    static let foodPreference = Route("/pets/:id/foods/:food/preference")
    static let records = Route("/pets/:id/records")
    static let newRecord = Route("/pets/:id/records/new")
    static let archive = Route("/pets/:id/archive")
    static let unarchive = Route("/pets/:id/unarchive")
}

/// A record's own pages (any subject's: a record shared by two pets is one id), for the router and every link to them.
enum RecordRoutes {
    static let one = Route("/records/:id")
    static let edit = Route("/records/:id/edit")
    static let delete = Route("/records/:id/delete")
    static let restore = Route("/records/:id/restore")
}
