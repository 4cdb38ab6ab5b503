import Hummingbird

/// Hearth on the phone: connecting over HTTPS (the connect page and the household
/// certificate), the app on the home screen (its manifest) and the page shown offline.
/// The service worker and the outbox are `Public/js/service-worker.js` and `app.js`; the
/// server's side of the outbox is `IdempotencyMiddleware` and `TypedAtMiddleware`.
enum PhonesArea: Area {
    static let pages: [any Page.Type] = [ConnectPage.self, OfflinePage.self]
    static let help: String? = "phones"

    /// Open without a session: each comes before a phone can sign in (see `ConnectController`),
    /// or is fetched by the browser without cookies (the manifest), or must show when signed out (offline).
    static let openPaths: Set<String> = [
        "/connect", "/connect/check", "/connect/hearth-household.crt", "/connect/hearth.mobileconfig", "/manifest.webmanifest", "/offline",
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let connect = ConnectController(
            renderer: services.renderer, tls: services.tls, httpsPort: services.configuration.https?.port,
            listensEverywhere: ["0.0.0.0", "::"].contains(services.configuration.host))
        router.get("/connect", use: connect.show)
        router.get("/connect/check", use: connect.check)
        router.get("/connect/hearth-household.crt", use: connect.certificate)
        router.get("/connect/hearth.mobileconfig", use: connect.profile)
        let app = AppManifestController(renderer: services.renderer, assets: services.assets)
        router.get("/manifest.webmanifest", use: app.manifest)
        router.get("/offline", use: app.offline)
    }
}
