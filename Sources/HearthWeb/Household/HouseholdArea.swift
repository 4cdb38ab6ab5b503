import Hummingbird
import HearthStore

/// Setting up, signing in, the members and their roles, the household's settings and
/// each member's own account.
enum HouseholdArea: Area {
    static let pages: [any Page.Type] = [SetupPage.self, SignInPage.self, AccountsPage.self, SettingsPage.self, MyAccountPage.self]
    static let help: String? = "household"
    static let cards: (any AreaCards.Type)? = HouseholdCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/accounts", key: "nav.accounts", place: .more, rank: 8, ownerOnly: true),
        NavigationEntry(href: "/settings", key: "nav.settings", place: .more, rank: 9, ownerOnly: true),
        NavigationEntry(href: "/me", key: "nav.me", place: .more, rank: 10),
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let (renderer, database, hasher) = (services.renderer, services.database, services.hasher)
        let lifetime = services.configuration.sessionLifetime
        let accounts = AccountRepository(database), sessions = SessionRepository(database), households = HouseholdRepository(database)
        let setup = SetupController(
            renderer: renderer, households: households, household: services.household, sessions: sessions, hasher: hasher, sessionLifetime: lifetime)
        router.get("/setup", use: setup.show)
        router.post("/setup", use: setup.submit)
        let signIn = SignInController(
            renderer: renderer, accounts: accounts, sessions: sessions, failures: SignInFailureRepository(database), hasher: hasher, sessionLifetime: lifetime)
        router.get("/login", use: signIn.show)
        router.post("/login", use: signIn.signIn)
        router.post("/logout", use: signIn.signOut)
        let members = AccountsController(
            renderer: renderer, accounts: accounts, hasher: hasher, pets: PetRepository(database), people: PersonRepository(database))
        router.get("/accounts", use: members.list)
        router.post("/accounts", use: members.add)
        typealias R = AccountRoutes
        router.group(R.one.path).add(middleware: RequireOwnerMiddleware()).loadingAccount(accounts)
            .post(R.role.under(R.one), use: members.setRole)
            .post(R.password.under(R.one), use: members.resetPassword)
            .post(R.disable.under(R.one), use: members.disable)
            .post(R.enable.under(R.one), use: members.enable)
            .post(R.access.under(R.one), use: members.setAccess)
        let settings = SettingsController(renderer: renderer, households: households, household: services.household)
        router.get("/settings", use: settings.show)
        router.post("/settings", use: settings.save)
        let me = MyAccountController(
            renderer: renderer, accounts: accounts, hasher: hasher, feeds: CalendarFeedRepository(database), reminders: ReminderRepository(database),
            tokens: APITokenRepository(database))
        router.get("/me", use: me.show)
        router.post("/me", use: me.savePreferences)
        router.post("/me/password", use: me.changePassword)
    }
}

/// The owner's changes to one member's account, for the router and every form that posts to them.
enum AccountRoutes {
    static let one = Route("/accounts/:id")
    static let role = Route("/accounts/:id/role")
    static let password = Route("/accounts/:id/password")
    static let disable = Route("/accounts/:id/disable")
    static let enable = Route("/accounts/:id/enable")
    static let access = Route("/accounts/:id/access")
}
