import HearthStore
import Hummingbird

/// Pet health: vaccinations and preventives on schedules, vet visits (record kinds, added
/// through the pets' record forms), clinics, the emergency page and the feeding calculator.
enum PetHealthArea: Area {
    static let pages: [any Page.Type] = [
        ClinicListPage.self, ClinicFormPage.self, EmergencyPage.self, HealthCardPage.self, VaccineSettingsPage.self, CareDueCard.self,
    ]
    static let help: String? = "health"
    static let cards: (any AreaCards.Type)? = HealthCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/emergency", key: "nav.emergency", place: .bar, rank: 4),
        NavigationEntry(href: "/clinics", key: "nav.clinics", place: .more, rank: 6),
        NavigationEntry(href: "/care/vaccines", key: "nav.vaccines", place: .more, rank: 7),
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let database = services.database
        let clinicRepository = ClinicRepository(database), care = CareRepository(database)
        let clinics = ClinicsController(renderer: services.renderer, clinics: clinicRepository, temporaryFolder: services.intake.files.temporary)
        let emergency = EmergencyController(
            renderer: services.renderer, clinics: clinicRepository, care: care, pets: PetRepository(database), foods: FoodRepository(database))
        let settings = CareSettingsController(renderer: services.renderer, care: care)
        let recorder = RequireRecorderMiddleware()

        router.get("/emergency", use: emergency.show)
        router.get("/pets/:id/card", use: emergency.card)
        router.get("/clinics", use: clinics.list)
        router.group("/clinics").add(middleware: recorder)
            .get("new", use: clinics.new)
            .post(use: clinics.create)
            .post("import", use: clinics.importRegister)
            .post("home", use: clinics.setHome)
            .get(":id/edit", use: clinics.edit)
            .post(":id", use: clinics.update)
            .post(":id/delete", use: clinics.delete)
        router.get("/care/vaccines", use: settings.vaccines)
        router.post("/care/vaccines/interval", use: settings.setInterval)
        router.post("/care/vaccines/own", use: settings.addVaccine)
        router.group("/pets/:id").add(middleware: recorder).loadingPet(PetRepository(database))
            .add(middleware: ArchivedPetIsReadOnlyMiddleware())
            .post("feeding", use: settings.feeding)
    }
}
