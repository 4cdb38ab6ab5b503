import Foundation
import HearthStore
import Hummingbird

/// Regimens and the shared dose log.
enum RegimensArea: Area {
    static let pages: [any Page.Type] = [
        RegimenListPage.self, RegimenFormPage.self, RegimenPage.self, DosesPage.self, ReminderSettingsPage.self, DosesTodayCard.self,
    ]
    static let help: String? = "medicines"
    static let cards: (any AreaCards.Type)? = MedicineCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/doses", key: "nav.doses", place: .more, rank: 3),
        NavigationEntry(href: "/regimens", key: "nav.regimens", place: .more, rank: 4),
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let now = services.clock
        let regimens = RegimensController(
            renderer: services.renderer, regimens: RegimenRepository(services.database), medicines: MedicineRepository(services.database),
            subjects: SubjectRepository(services.database), interactions: InteractionRepository(services.database), now: now)
        router.get("/regimens", use: regimens.list)
        router.group("/regimens").add(middleware: RequireRecorderMiddleware())
            .get("new", use: regimens.new)
            .post(use: regimens.create)
            .get(":id/edit", use: regimens.edit)
            .post(":id", use: regimens.update)
            .post(":id/end", use: regimens.end)
            .post(":id/delete", use: regimens.delete)
        router.get("/regimens/:id", use: regimens.show)
        let doses = DosesController(renderer: services.renderer, regimens: RegimenRepository(services.database), now: now)
        router.get("/doses", use: doses.list)
        router.group("/doses").add(middleware: RequireRecorderMiddleware())
            .post("mark", use: doses.mark)
            .post("change", use: doses.change)
        let reminders = RemindersController(
            renderer: services.renderer, feeds: CalendarFeedRepository(services.database), reminders: ReminderRepository(services.database),
            household: services.household, now: now)
        router.get("/feeds/:file", use: reminders.feed)
        router.post("/me/feed", use: reminders.setFeed)
        router.post("/me/reminders", use: reminders.setMine)
        router.get("/settings/reminders", use: reminders.settings)
        router.post("/settings/reminders", use: reminders.saveSettings)
    }
}
