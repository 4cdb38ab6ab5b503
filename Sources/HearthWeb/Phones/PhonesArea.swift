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
    static let openPaths: Set<String> = Set(
        [PhoneRoutes.connect, PhoneRoutes.check, PhoneRoutes.certificate, PhoneRoutes.profile, PhoneRoutes.manifest, PhoneRoutes.offline].map(\.pattern))

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let connect = ConnectController(
            renderer: services.renderer, tls: services.tls, httpsPort: services.configuration.https?.port,
            listensEverywhere: ["0.0.0.0", "::"].contains(services.configuration.host))
        router.get(PhoneRoutes.connect.path, use: connect.show)
        router.get(PhoneRoutes.check.path, use: connect.check)
        router.get(PhoneRoutes.certificate.path, use: connect.certificate)
        router.get(PhoneRoutes.profile.path, use: connect.profile)
        let app = AppManifestController(renderer: services.renderer, assets: services.assets)
        router.get(PhoneRoutes.manifest.path, use: app.manifest)
        router.get(PhoneRoutes.offline.path, use: app.offline)
    }
}

/// A phone's way in: the connect page, its check and the household's certificate and profile,
/// the app's manifest and its offline page, for the router and every link to them.
enum PhoneRoutes {
    static let connect = Route("/connect")
    static let check = Route("/connect/check")
    static let certificate = Route("/connect/hearth-household.crt")
    static let profile = Route("/connect/hearth.mobileconfig")
    static let manifest = Route("/manifest.webmanifest")
    static let offline = Route("/offline")
}
