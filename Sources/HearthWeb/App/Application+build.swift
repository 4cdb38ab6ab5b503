import AsyncHTTPClient
import Foundation
import HearthImaging
import HearthStore
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle

/// The household server, put together: the database it opened and the application to run.
public struct Hearth: Sendable {
    public let database: AppDatabase
    public let application: Application<SchemeResponder>
    /// The HTTPS certificate's keeper, when the server also listens for HTTPS.
    public let tls: HouseholdTLS?
    let dataDirectory: String
    /// Every route the router answers, for tests that must not miss one.
    let routes: [Route]
    /// What pages show from memory (jobs' progress), for tests that change it.
    let pageChanges: PageChanges

    struct Route: Sendable, Hashable {
        let method: HTTPRequest.Method
        let path: String
    }

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
    try await database.catchUpSearch()
    let tls = try configuration.https.map { try makeTLS($0, configuration: configuration, logger: logger) }
    let services = try await makeServices(configuration, database: database, tls: tls, logger: logger)
    let router = buildRouter(services)
    let responder = router.buildResponder()

    let descriptors = DescriptorLimit.raise()
    let headDeadline = configuration.requestHeadDeadline
    let perAddress = ConnectionsPerAddress(logger: logger)
    // The largest form there is: twenty photos at the size limit, and its fields.
    let maximumBody = configuration.photoLimits.maximumBytes * 20 + 1024 * 1024
    // A request head must arrive within the deadline; a request whose body stops
    // arriving for a minute is given up (a phone's upload over poor Wi-Fi pauses, but not that long).
    let http1: @Sendable () -> HTTPServerBuilder = {
        .http1(
            configuration: .init(
                additionalChannelHandlers: [
                    perAddress.handler(), RequestHeadDeadline(deadline: headDeadline),
                    ReadToTheEnd(maximumBody: maximumBody, maximumImport: ImportsController.largestFile + 1024 * 1024, logger: logger),
                ], idleTimeout: .seconds(60)))
    }
    let budget = ConnectionBudget(descriptorLimit: descriptors, logger: logger)
    var listeners: [any Service] = []
    if let tls, let https = configuration.https {
        // The same router on the HTTPS port; the certificate is asked for at each handshake.
        listeners.append(
            Application(
                responder: SchemeResponder(router: responder, scheme: "https"),
                server: try .tls(http1(), tlsConfiguration: tls.configuration),
                configuration: .init(address: .hostname(configuration.host, port: https.port), serverName: "Hearth", availableConnectionsDelegate: budget),
                services: [CertificateRenewal(tls: tls)],
                onServerRunning: { channel in
                    for url in ServerAddresses.urls(host: configuration.host, port: channel.localAddress?.port ?? https.port, scheme: "https") {
                        logger.info("Hearth is serving at \(url)")
                    }
                },
                logger: logger))
    }
    let application = Application(
        responder: SchemeResponder(router: responder, scheme: "http"),
        server: http1(),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Hearth", availableConnectionsDelegate: budget),
        services: listeners + reminderServices(services, logger: logger) + backupServices(services, logger: logger)
            + binServices(services, logger: logger)
            + [DatabaseCloser(database: database, logger: logger)],
        onServerRunning: { channel in
            for url in ServerAddresses.urls(host: configuration.host, port: channel.localAddress?.port ?? configuration.port) {
                logger.info("Hearth is serving at \(url)")
            }
        },
        logger: logger)
    return Hearth(
        database: database, application: application, tls: tls, dataDirectory: configuration.dataDirectory,
        routes: router.routes.map { Hearth.Route(method: $0.method, path: $0.path.description) }, pageChanges: services.pageChanges)
}

/// The HTTPS certificate: the household's own (its authority named after this machine) or the files given.
func makeTLS(_ https: HTTPSListener, configuration: HearthConfiguration, logger: Logger) throws -> HouseholdTLS {
    if let certificate = https.certificateFile, let key = https.keyFile {
        return try HouseholdTLS(source: .files(certificate: certificate, key: key), logger: logger)
    }
    return try HouseholdTLS(source: .household(dataDirectory: configuration.dataDirectory, householdName: ProcessInfo.processInfo.hostName), logger: logger)
}

/// Everything the areas need, for the data folder of `configuration`. Loading the templates
/// checks every area's pages, so a missing template stops the server here.
func makeServices(_ configuration: HearthConfiguration, database: AppDatabase, tls: HouseholdTLS? = nil, logger: Logger) async throws -> Services {
    let files = try SiteFiles.load(configuration)
    let sessions = SessionRepository(database)
    try await sessions.purgeExpired()
    try await SentRequestRepository(database).forgetUnanswered()
    let photoFiles = try PhotoFiles(dataDirectory: configuration.dataDirectory)
    let leftovers = photoFiles.removeLeftoverUploads()
    if leftovers > 0 { logger.notice("removed \(leftovers) unfinished uploads left by an earlier run") }
    // An import does not survive a restart: its page says so instead of running for ever.
    let imports = ImportRepository(database)
    try await imports.failAbandoned()
    let household = try await HouseholdState(repository: HouseholdRepository(database))
    let intake = PhotoIntake(
        files: photoFiles, workers: WorkerThreads(limit: configuration.photoWorkers), limits: configuration.photoLimits,
        photos: PhotoRepository(database))
    return Services(
        configuration: configuration, database: database, renderer: files.renderer, assets: files.assets,
        household: household,
        help: files.help,
        hasher: PasswordHasher(cost: configuration.bcryptCost), photoFiles: photoFiles, intake: intake,
        importRunner: ImportRunner(imports: imports, workers: WorkerThreads(limit: 1, name: "imports")),
        diskSpace: DiskSpace(dataDirectory: configuration.dataDirectory),
        backups: BackupRunner(
            database: database, dataDirectory: configuration.dataDirectory, runs: BackupRepository(database), household: household, logger: logger),
        tls: tls)
}

/// The reminder scheduler, unless the configuration turns it off (tests drive it themselves).
func reminderServices(_ services: Services, logger: Logger) -> [any Service] {
    guard services.configuration.sendsReminders else { return [] }
    let scheduler = ReminderScheduler(
        reminders: ReminderRepository(services.database), database: services.database, areas: services.areas, household: services.household,
        push: PushTarget(), strings: services.strings, logger: logger, clock: services.clock,
        pushServicesMayBeLocal: services.configuration.pushServicesMayBeLocal)
    return [ReminderService(scheduler: scheduler, clock: services.clock, logger: logger)]
}

/// The nightly backup, unless the configuration turns it off (tests drive it themselves).
func backupServices(_ services: Services, logger: Logger) -> [any Service] {
    guard services.configuration.makesNightlyBackups else { return [] }
    return [BackupService(runner: services.backups, clock: services.clock, logger: logger)]
}

/// The bin's hourly clean-up, beside the nightly backups (a test server keeps its bin).
func binServices(_ services: Services, logger: Logger) -> [any Service] {
    guard services.configuration.makesNightlyBackups else { return [] }
    return [
        BinCleanup(
            bin: BinRepository(services.database), history: HistoryRepository(services.database), intake: services.intake, clock: services.clock, logger: logger
        )
    ]
}

/// Closes the database once the server has stopped taking requests (SIGTERM / SIGINT):
/// requests in flight finish first, then the WAL is checkpointed and the file closed.
/// Cancelled instead (a service failed, a test ran out of time), it leaves the database open:
/// requests may still be reading, and closing under a read crashes inside SQLite. Every
/// commit is already in the WAL; the next open checkpoints it.
struct DatabaseCloser: Service {
    let database: AppDatabase
    let logger: Logger

    func run() async throws {
        do { try await gracefulShutdown() } catch { return }
        try database.close()
        logger.info("database closed cleanly")
    }
}
