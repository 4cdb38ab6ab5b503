import Foundation
import HearthAPI
import HearthStore
import Hummingbird
import OpenAPIHummingbird

/// Hearth's API (`/api/v1`, described by `Sources/HearthAPI/openapi.yaml`, its server code
/// generated from it by `make api`), the tokens members make on `/me`, the `/api` page that
/// says how to use them, and the Home Assistant package made for this household.
enum APIArea: Area {
    static let pages: [any Page.Type] = [APIPage.self, TokenMadePage.self, HomeAssistantPage.self]
    static let help: String? = "api"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let database = services.database
        let me = MyAccountController(
            renderer: services.renderer, accounts: AccountRepository(database), hasher: services.hasher, feeds: CalendarFeedRepository(database),
            reminders: ReminderRepository(database), devices: PushDeviceRepository(database), tokens: APITokenRepository(database))
        let tokens = APITokensController(renderer: services.renderer, tokens: APITokenRepository(database), database: database, me: me)
        router.get(APIRoutes.about.path, use: tokens.about)
        router.get("/api/v1/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        router.post(APIRoutes.tokens.path, use: tokens.create)
        router.group(APIRoutes.token.path).loadingOwnToken(APITokenRepository(database)).post(APIRoutes.revokeToken.under(APIRoutes.token), use: tokens.revoke)
        router.group().add(middleware: RequireRecorderMiddleware())
            .get(APIRoutes.homeAssistant.path, use: tokens.homeAssistant)
            .post(APIRoutes.homeAssistant.path, use: tokens.makeHomeAssistant)

        // The generated routes, behind the context their handlers read (`APICall`).
        let api = router.group("/api/v1").add(middleware: APICallMiddleware())
        let handlers = APIHandlers(services: services)
        // Registering can only fail on a description the generator would not have written.
        try! handlers.registerHandlers(
            on: api, serverURL: URL(string: "/")!,
            configuration: .init(dateTranscoder: HouseholdDateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]),
            middlewares: [NoBodyMiddleware(), JSONBodyLimitMiddleware(), LocationMiddleware()])
    }
}

/// The API's pages for people (what it is, a member's tokens, the Home Assistant package), for the
/// router and every link and form to them; its own paths are the generated ones under `/api/v1`.
enum APIRoutes {
    static let about = Route("/api")
    static let tokens = Route("/me/tokens")
    static let token = Route("/me/tokens/:id")
    static let revokeToken = Route("/me/tokens/:id/revoke")
    static let homeAssistant = Route("/api/home-assistant")
}
