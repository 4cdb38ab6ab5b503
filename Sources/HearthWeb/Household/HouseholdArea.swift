import Hummingbird
import HearthStore

/// Setting up, signing in, the members and their roles, the household's settings and
/// each member's own account.
enum HouseholdArea: Area {
    static let pages: [any Page.Type] = [SetupPage.self, SignInPage.self, AccountsPage.self, SettingsPage.self, MyAccountPage.self]
    static let help: String? = "household"
    static let cards: (any AreaCards.Type)? = HouseholdCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: AccountRoutes.list.pattern, key: "nav.accounts", place: .more, rank: 8, ownerOnly: true),
        NavigationEntry(href: HouseholdRoutes.settings.pattern, key: "nav.settings", place: .more, rank: 9, ownerOnly: true),
        NavigationEntry(href: HouseholdRoutes.me.pattern, key: "nav.me", place: .more, rank: 10),
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let (renderer, database, hasher) = (services.renderer, services.database, services.hasher)
        let lifetime = services.configuration.sessionLifetime
        let accounts = AccountRepository(database), sessions = SessionRepository(database), households = HouseholdRepository(database)
        let setup = SetupController(
            renderer: renderer, households: households, household: services.household, sessions: sessions, hasher: hasher, sessionLifetime: lifetime)
        router.get(HouseholdRoutes.setup.path, use: setup.show)
        router.post(HouseholdRoutes.setup.path, use: setup.submit)
        let signIn = SignInController(
            renderer: renderer, accounts: accounts, sessions: sessions, failures: SignInFailureRepository(database), hasher: hasher, sessionLifetime: lifetime)
        router.get(HouseholdRoutes.signIn.path, use: signIn.show)
        router.post(HouseholdRoutes.signIn.path, use: signIn.signIn)
        router.post(HouseholdRoutes.signOut.path, use: signIn.signOut)
        let members = AccountsController(
            renderer: renderer, accounts: accounts, hasher: hasher, pets: PetRepository(database), people: PersonRepository(database))
        router.get(AccountRoutes.list.path, use: members.list)
        router.post(AccountRoutes.list.path, use: members.add)
        typealias R = AccountRoutes
        router.group(R.one.path).add(middleware: RequireOwnerMiddleware()).loadingAccount(accounts)
            .post(R.role.under(R.one), use: members.setRole)
            .post(R.password.under(R.one), use: members.resetPassword)
            .post(R.disable.under(R.one), use: members.disable)
            .post(R.enable.under(R.one), use: members.enable)
            .post(R.access.under(R.one), use: members.setAccess)
        let settings = SettingsController(
            renderer: renderer, households: households, household: services.household, bin: BinRepository(database), history: HistoryRepository(database))
        router.get(HouseholdRoutes.settings.path, use: settings.show)
        router.post(HouseholdRoutes.settings.path, use: settings.save)
        router.post(HouseholdRoutes.keeping.path, use: settings.saveKeeping)
        let me = MyAccountController(
            renderer: renderer, accounts: accounts, hasher: hasher, feeds: CalendarFeedRepository(database), reminders: ReminderRepository(database),
            devices: PushDeviceRepository(database), tokens: APITokenRepository(database))
        router.get(HouseholdRoutes.me.path, use: me.show)
        router.post(HouseholdRoutes.me.path, use: me.savePreferences)
        router.post(HouseholdRoutes.myPassword.path, use: me.changePassword)
    }
}

/// Setting up, signing in and out, the household's settings and a member's own account, for the
/// router and every link and form to them.
enum HouseholdRoutes {
    static let setup = Route("/setup")
    static let signIn = Route("/login")
    static let signOut = Route("/logout")
    static let settings = Route("/settings")
    static let keeping = Route("/settings/keeping")
    static let me = Route("/me")
    static let myPassword = Route("/me/password")
}

/// The members' list and the owner's changes to one member's account, for the router and every
/// form that posts to them.
enum AccountRoutes {
    static let list = Route("/accounts")
    static let one = Route("/accounts/:id")
    static let role = Route("/accounts/:id/role")
    static let password = Route("/accounts/:id/password")
    static let disable = Route("/accounts/:id/disable")
    static let enable = Route("/accounts/:id/enable")
    static let access = Route("/accounts/:id/access")
}
