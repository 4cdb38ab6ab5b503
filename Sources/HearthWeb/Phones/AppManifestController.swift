import Foundation
import Hummingbird

/// The web app manifest (what makes Hearth installable, in the household's language, with
/// shortcuts for the jobs of every day) and the offline page the service worker keeps.
struct AppManifestController {
    let renderer: Renderer
    let assets: StaticAssets

    @Sendable func manifest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let language = context.household?.language ?? context.language
        func t(_ key: String) -> String { renderer.strings.text(key, language) }
        func icon(_ name: String, _ size: Int, _ purpose: String) -> [String: String] {
            ["src": assets.versions["/static/icons/\(name)"] ?? "/static/icons/\(name)", "sizes": "\(size)x\(size)", "type": "image/png", "purpose": purpose]
        }
        let shortcutIcon = [icon("icon-192.png", 192, "any")]
        func shortcut(_ key: String, _ url: String) -> [String: Any] { ["name": t(key), "short_name": t(key), "url": url, "icons": shortcutIcon] }
        let manifest: [String: Any] = [
            "id": "/", "name": context.household.map { "\($0.name) · Hearth" } ?? "Hearth", "short_name": t("app.name"),
            "lang": language.rawValue, "dir": "ltr", "start_url": "/?from=app", "scope": "/", "display": "standalone",
            "background_color": "#fbf8f4", "theme_color": "#b5542f",
            "icons": [
                icon("icon-192.png", 192, "any"), icon("icon-512.png", 512, "any"), icon("maskable-192.png", 192, "maskable"),
                icon("maskable-512.png", 512, "maskable"),
            ],
            "shortcuts": [
                shortcut("app.cup", "/?from=app#water"), shortcut("app.meal", "/?from=app#pets-today"), shortcut("app.doses", DoseRoutes.list.pattern),
                shortcut("app.emergency", CareRoutes.emergency.pattern),
            ],
        ]
        let body = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])
        return Response(
            status: .ok, headers: [.contentType: "application/manifest+json; charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    @Sendable func offline(_ request: Request, context: AppRequestContext) async throws -> Response {
        renderer.page(OfflinePage(), titleKey: "connect.offline_title", request: request, context: context)
    }
}
