import Hummingbird
import HearthStore

/// Setting up, signing in, the members and their roles, the household's settings and
/// each member's own account.
enum HouseholdArea: Area {
    static let pages: [any Page.Type] = [SetupPage.self, SignInPage.self, AccountsPage.self, SettingsPage.self, MyAccountPage.self]
    static let help: String? = "household"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let (renderer, database, hasher) = (services.renderer, services.database, services.hasher)
        let lifetime = services.configuration.sessionLifetime
        let accounts = AccountRepository(database), sessions = SessionRepository(database), households = HouseholdRepository(database)
        SetupController(renderer: renderer, households: households, household: services.household, sessions: sessions, hasher: hasher, sessionLifetime: lifetime)
            .addRoutes(to: router)
        SignInController(renderer: renderer, accounts: accounts, sessions: sessions, failures: SignInFailureRepository(database), hasher: hasher, sessionLifetime: lifetime)
            .addRoutes(to: router)
        AccountsController(renderer: renderer, accounts: accounts, hasher: hasher, pets: PetRepository(database), people: PersonRepository(database)).addRoutes(to: router)
        SettingsController(renderer: renderer, households: households, household: services.household).addRoutes(to: router)
        MyAccountController(renderer: renderer, accounts: accounts, hasher: hasher, feeds: CalendarFeedRepository(database), reminders: ReminderRepository(database)).addRoutes(to: router)
    }
}
