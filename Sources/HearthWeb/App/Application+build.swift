import Foundation
import HearthImaging
import HearthStore
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The household server, put together: the database it opened and the application to run.
public struct Hearth: Sendable {
    public let database: AppDatabase
    public let application: Application<RouterResponder<AppRequestContext>>

    /// Serves until SIGTERM or SIGINT. Each request is handled on its connection's event
    /// loop (see `EventLoopTaskExecutor`); connection tasks inherit the preference.
    public func run() async throws {
        try await withTaskExecutorPreference(EventLoopTaskExecutor(group: application.eventLoopGroup)) {
            try await application.runService()
        }
    }
}

/// Builds the server for `configuration`. Opening the database migrates it.
public func buildApplication(_ configuration: HearthConfiguration, logger: Logger = Logger(label: "hearth")) async throws -> Hearth {
    let database = try AppDatabase.open(dataDirectory: configuration.dataDirectory)
    let renderer = try await Renderer(templatesDirectory: configuration.templatesDirectory)
    let accounts = AccountRepository(database)
    let sessions = SessionRepository(database)
    let households = HouseholdRepository(database)
    let household = try await HouseholdState(repository: households)
    let hasher = PasswordHasher(cost: configuration.bcryptCost)
    let lifetime = configuration.sessionLifetime
    try await sessions.purgeExpired()
    let photoFiles = try PhotoFiles(dataDirectory: configuration.dataDirectory)
    let leftovers = photoFiles.removeLeftoverUploads()
    if leftovers > 0 { logger.notice("removed \(leftovers) unfinished uploads left by an earlier run") }
    let intake = PhotoIntake(
        files: photoFiles, workers: PhotoWorkers(limit: configuration.photoWorkers), limits: configuration.photoLimits,
        photos: PhotoRepository(database))
    let pets = PetRepository(database)
    let entries = EntryRepository(database)
    let foods = FoodRepository(database)

    let diskSpace = DiskSpace(dataDirectory: configuration.dataDirectory)
    let router = Router(context: AppRequestContext.self)
    // Order matters: headers wrap everything; static files need no session; the session
    // (and so the language) is known before error pages are drawn; CSRF runs before any handler.
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ErrorPagesMiddleware(renderer: renderer, diskSpace: diskSpace))
    router.add(middleware: StaticFilesMiddleware(publicDirectory: configuration.publicDirectory))
    router.add(middleware: MemberSessionMiddleware(sessions: RecentSessions(sessions), household: household, lifetime: lifetime, trustedProxies: Set(configuration.trustedProxies)))
    router.add(middleware: ErrorPagesMiddleware(renderer: renderer, diskSpace: diskSpace))
    router.add(middleware: SetupGateMiddleware())
    router.add(middleware: CSRFMiddleware())
    router.add(middleware: RequireMemberMiddleware())

    HealthController(database: database, diskSpace: diskSpace).addRoutes(to: router)
    SetupController(renderer: renderer, households: households, household: household, sessions: sessions, hasher: hasher, sessionLifetime: lifetime).addRoutes(to: router)
    SignInController(renderer: renderer, accounts: accounts, sessions: sessions, failures: SignInFailureRepository(database), hasher: hasher, sessionLifetime: lifetime).addRoutes(to: router)
    HomeController(renderer: renderer).addRoutes(to: router)
    AccountsController(renderer: renderer, accounts: accounts, hasher: hasher).addRoutes(to: router)
    SettingsController(renderer: renderer, households: households, household: household).addRoutes(to: router)
    MyAccountController(renderer: renderer, accounts: accounts, hasher: hasher).addRoutes(to: router)
    PetsController(renderer: renderer, pets: pets, pages: PetPages(database), foods: foods, intake: intake).addRoutes(to: router)
    RecordsController(renderer: renderer, pets: pets, entries: entries, foods: foods, intake: intake).addRoutes(to: router)
    TimelineController(renderer: renderer, pages: PetPages(database), entries: entries).addRoutes(to: router)
    PhotosController(files: photoFiles).addRoutes(to: router)

    let descriptors = DescriptorLimit.raise()
    let headDeadline = configuration.requestHeadDeadline
    let perAddress = ConnectionsPerAddress(logger: logger)
    // The largest form there is: twenty photos at the size limit, and its fields.
    let maximumBody = configuration.photoLimits.maximumBytes * 20 + 1024 * 1024
    let application = Application(
        router: router,
        // A request head must arrive within the deadline; a request whose body stops
        // arriving for a minute is given up (a phone's upload over poor Wi-Fi pauses, but not that long).
        server: .http1(configuration: .init(additionalChannelHandlers: [
            perAddress.handler(), RequestHeadDeadline(deadline: headDeadline), ReadToTheEnd(maximumBody: maximumBody, logger: logger),
        ], idleTimeout: .seconds(60))),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Hearth",
            availableConnectionsDelegate: ConnectionBudget(descriptorLimit: descriptors, logger: logger)),
        services: [DatabaseCloser(database: database, logger: logger)],
        onServerRunning: { channel in
            for url in ServerAddresses.urls(host: configuration.host, port: channel.localAddress?.port ?? configuration.port) {
                logger.info("Hearth is serving at \(url)")
            }
        },
        logger: logger)
    return Hearth(database: database, application: application)
}

/// Closes the database once the server has stopped taking requests (SIGTERM / SIGINT):
/// requests in flight finish first, then the WAL is checkpointed and the file closed.
struct DatabaseCloser: Service {
    let database: AppDatabase
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        try database.close()
        logger.info("database closed cleanly")
    }
}
