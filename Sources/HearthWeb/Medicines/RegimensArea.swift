import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Regimens and the shared dose log.
enum RegimensArea: Area {
    static let pages: [any Page.Type] = [
        RegimenListPage.self, RegimenFormPage.self, RegimenPage.self, DosesPage.self, ReminderSettingsPage.self, ReminderAnswerPage.self,
    ]
    static let help: String? = "medicines"
    static let cards: (any AreaCards.Type)? = MedicineCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: DoseRoutes.list.pattern, key: "nav.doses", place: .more, rank: 3),
        NavigationEntry(href: RegimenRoutes.list.pattern, key: "nav.regimens", place: .more, rank: 4),
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let now = services.clock
        let regimenRepository = RegimenRepository(services.database)
        let regimens = RegimensController(
            renderer: services.renderer, regimens: regimenRepository, medicines: MedicineRepository(services.database),
            subjects: SubjectRepository(services.database), interactions: InteractionRepository(services.database),
            history: HistoryRepository(services.database), now: now)
        typealias R = RegimenRoutes
        router.get(R.list.path, use: regimens.list)
        router.group().add(middleware: RequireRecorderMiddleware())
            .get(R.new.path, use: regimens.new)
            .post(R.list.path, use: regimens.create)
        router.group(R.one.path).loadingRegimen(regimenRepository)
            .get(use: regimens.show)
        router.group(R.one.path).add(middleware: RequireRecorderMiddleware()).loadingRegimen(regimenRepository)
            .get(R.edit.under(R.one), use: regimens.edit)
            .post(use: regimens.update)
            .post(R.end.under(R.one), use: regimens.end)
            .post(R.delete.under(R.one), use: regimens.delete)
        let doses = DosesController(renderer: services.renderer, regimens: RegimenRepository(services.database), now: now)
        router.get(DoseRoutes.list.path, use: doses.list)
        // Marking a dose is checked against its regimen's person (self-care) once it is read.
        router.post(DoseRoutes.mark.path, use: doses.mark)
        router.group(DoseRoutes.list.path).add(middleware: RequireRecorderMiddleware())
            .post(DoseRoutes.change.under(DoseRoutes.list), use: doses.change)
        let reminders = RemindersController(
            renderer: services.renderer, feeds: CalendarFeedRepository(services.database), reminders: ReminderRepository(services.database),
            household: services.household, database: services.database, areas: services.areas, now: now)
        router.get(ReminderRoutes.feed.path, use: reminders.feed)
        router.post(ReminderRoutes.myFeed.path, use: reminders.setFeed)
        router.post(ReminderRoutes.mine.path, use: reminders.setMine)
        router.get(ReminderRoutes.household.path, use: reminders.settings)
        router.post(ReminderRoutes.household.path, use: reminders.saveSettings)
        let devices = PushDevicesController(
            devices: PushDeviceRepository(services.database), localAllowed: services.configuration.pushServicesMayBeLocal, now: services.clock)
        router.get(ReminderRoutes.deviceKey.path, use: devices.key)
        router.post(ReminderRoutes.devices.path, use: devices.add)
        let answers = ReminderAnswerController(
            renderer: services.renderer, answers: ReminderAnswerRepository(services.database), reminders: ReminderRepository(services.database),
            regimens: regimenRepository)
        router.get(ReminderRoutes.answerPage.path, use: answers.show)
        router.post(ReminderRoutes.answerPage.path, use: answers.take)
        router.group(ReminderRoutes.device.path).loadingOwnDevice(PushDeviceRepository(services.database))
            .post(ReminderRoutes.removeDevice.under(ReminderRoutes.device), use: devices.remove)
    }
}

/// A regimen's pages, for the router and every link to them.
enum RegimenRoutes {
    static let list = Route("/regimens")
    static let new = Route("/regimens/new")
    static let one = Route("/regimens/:id")
    static let edit = Route("/regimens/:id/edit")
    static let end = Route("/regimens/:id/end")
    static let delete = Route("/regimens/:id/delete")
}

/// The shared dose log's pages, for the router and every link and form to them.
enum DoseRoutes {
    static let list = Route("/doses")
    static let mark = Route("/doses/mark")
    static let change = Route("/doses/change")

    /// A day's doses (`/doses?day=2026-11-28`), of one subject or everyone's, or only its list (`part=list`).
    static func day(_ day: LocalDate, subject: Int64? = nil, part: String? = nil) -> String {
        var query = ["day": day.description]
        if let subject { query["subject"] = String(subject) }
        if let part { query["part"] = part }
        return QueryLink.make(list.pattern, query)
    }
}

/// The calendar feed and the reminder settings, for the router and every form that posts to them.
enum ReminderRoutes {
    /// `/feeds/{token}.ics`: the one page without sign-in.
    static let feed = Route("/feeds/:file")
    static let myFeed = Route("/me/feed")
    static let mine = Route("/me/reminders")
    static let household = Route("/settings/reminders")
    static let devices = Route("/me/devices")
    static let deviceKey = Route("/me/devices/key")
    static let device = Route("/me/devices/:id")
    static let removeDevice = Route("/me/devices/:id/remove")
    /// A reminder's button (`/reminders/answer/{token}`): the token is the credential, as a
    /// calendar feed's is — ntfy's buttons post with no cookie.
    static let answerPage = Route("/reminders/answer/:token")

    static func answer(_ token: String) -> String { answerPage(token) }
}
