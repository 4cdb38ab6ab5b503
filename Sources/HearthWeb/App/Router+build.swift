import HearthStore
import Hummingbird

/// The router: the middleware every request goes through, then each area's routes.
func buildRouter(_ services: Services) -> Router<AppRequestContext> {
    let configuration = services.configuration
    let router = Router(context: AppRequestContext.self)
    let errorPages = ErrorPagesMiddleware(renderer: services.renderer, diskSpace: services.diskSpace)
    // Order matters: headers wrap everything; static files need no session; the session
    // (and so the language) is known before error pages are drawn; CSRF runs before any handler.
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: FormQueryMiddleware())
    router.add(middleware: errorPages)
    router.add(middleware: StaticFilesMiddleware(assets: services.assets))
    router.add(
        middleware: MemberSessionMiddleware(
            sessions: RecentSessions(SessionRepository(services.database)), household: services.household,
            lifetime: configuration.sessionLifetime, trustedProxies: Set(configuration.trustedProxies), clock: services.clock))
    router.add(middleware: errorPages)
    if let https = configuration.https { router.add(middleware: HTTPSWayMiddleware(httpsPort: https.port)) }
    router.add(middleware: SetupGateMiddleware())
    router.add(
        middleware: APITokenMiddleware(
            tokens: APITokenRepository(services.database), failures: SignInFailureRepository(services.database), clock: services.clock))
    router.add(middleware: errorPages)  // again: an API call's member (and language) is known only now
    router.add(middleware: CSRFMiddleware(ports: configuration.https.map { (http: configuration.port, https: $0.port) }))
    router.add(middleware: RequireMemberMiddleware())
    router.add(middleware: TypedAtMiddleware())
    router.add(middleware: IdempotencyMiddleware(requests: SentRequestRepository(services.database)))
    router.add(middleware: ConditionalPageMiddleware(database: services.database, changes: services.pageChanges))
    for area in services.areas.all {
        area.addRoutes(to: router, services: services)
    }
    return router
}
