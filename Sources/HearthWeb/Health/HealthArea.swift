import HearthStore
import Hummingbird

/// Pet health: vaccinations and preventives on schedules, vet visits (record kinds, added
/// through the pets' record forms), clinics, the emergency page and the feeding calculator.
enum HealthArea: Area {
    static let pages: [any Page.Type] = [
        ClinicListPage.self, ClinicFormPage.self, EmergencyPage.self, HealthCardPage.self, VaccineSettingsPage.self,
    ]
    static let help: String? = "health"
    static let cards: (any AreaCards.Type)? = HealthCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: CareRoutes.emergency.pattern, key: "nav.emergency", place: .bar, rank: 4),
        NavigationEntry(href: ClinicRoutes.list.pattern, key: "nav.clinics", place: .more, rank: 6),
        NavigationEntry(href: CareRoutes.vaccines.pattern, key: "nav.vaccines", place: .more, rank: 7),
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let database = services.database
        let clinicRepository = ClinicRepository(database), care = CareRepository(database)
        let clinics = ClinicsController(renderer: services.renderer, clinics: clinicRepository, temporaryFolder: services.intake.files.temporary)
        let emergency = EmergencyController(
            renderer: services.renderer, clinics: clinicRepository, care: care, pets: PetRepository(database), foods: FoodRepository(database))
        let settings = CareSettingsController(renderer: services.renderer, care: care)
        let recorder = RequireRecorderMiddleware()

        router.get(CareRoutes.emergency.path, use: emergency.show)
        router.group(PetRoutes.one.path).loadingPetCare(care).get(ClinicRoutes.petCard.under(PetRoutes.one), use: emergency.card)
        typealias R = ClinicRoutes
        router.get(R.list.path, use: clinics.list)
        router.group().add(middleware: recorder)
            .get(R.new.path, use: clinics.new)
            .post(R.list.path, use: clinics.create)
            .post(R.importRegister.path, use: clinics.importRegister)
            .post(R.home.path, use: clinics.setHome)
        router.group(R.one.path).add(middleware: recorder).loadingClinic(clinicRepository)
            .get(R.edit.under(R.one), use: clinics.edit)
            .post(use: clinics.update)
            .post(R.delete.under(R.one), use: clinics.delete)
        router.get(CareRoutes.vaccines.path, use: settings.vaccines)
        router.post(CareRoutes.vaccineInterval.path, use: settings.setInterval)
        router.post(CareRoutes.ownVaccine.path, use: settings.addVaccine)
        router.group(PetRoutes.one.path).add(middleware: recorder).loadingPet(PetRepository(database))
            .add(middleware: ArchivedPetIsReadOnlyMiddleware())
            .post(CareRoutes.feeding.under(PetRoutes.one), use: settings.feeding)
    }
}

/// The emergency page, the vaccines' settings and a pet's feeding, for the router and every
/// link and form to them.
enum CareRoutes {
    static let emergency = Route("/emergency")
    static let vaccines = Route("/care/vaccines")
    static let vaccineInterval = Route("/care/vaccines/interval")
    static let ownVaccine = Route("/care/vaccines/own")
    static let feeding = Route("/pets/:id/feeding")
}

/// The clinics' pages and a pet's emergency card, for the router and every link to them.
enum ClinicRoutes {
    static let list = Route("/clinics")
    static let new = Route("/clinics/new")
    static let importRegister = Route("/clinics/import")
    static let home = Route("/clinics/home")
    static let one = Route("/clinics/:id")
    static let edit = Route("/clinics/:id/edit")
    static let delete = Route("/clinics/:id/delete")
    static let petCard = Route("/pets/:id/card")
}
