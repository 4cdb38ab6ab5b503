import Crypto
import Foundation
import HearthCore
import HearthStore
import Hummingbird
import Synchronization

/// Repeat views cost almost nothing. A signed-in member's page carries a strong `ETag` made of
/// everything it depends on (`PageTag`); a request whose `If-None-Match` names the tag it would
/// get now is answered `304` before any handler runs. `Cache-Control: private, no-cache`: the
/// browser keeps the page and asks each time, and no shared cache keeps it at all.
struct ConditionalPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let database: AppDatabase
    let changes: PageChanges

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head, context.member != nil else { return try await next(request, context) }
        let tag = try PageTag.make(request, context: context, database: database, changes: changes)
        if let asked = request.headers[.ifNoneMatch], PageTag.matches(asked, tag) {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: "private, no-cache"])
        }
        var response = try await next(request, context)
        // Only pages and their parts (HTML, `no-store` by default) and the progress polls'
        // JSON: not files, feeds or downloads, and not a response that signs someone in or out.
        let type = response.headers[.contentType] ?? ""
        guard response.status == .ok, response.headers[.cacheControl] == "no-store", response.headers[.setCookie] == nil,
            type.hasPrefix("text/html") || type.hasPrefix("application/json")
        else { return response }
        response.headers[.eTag] = tag
        response.headers[.cacheControl] = "private, no-cache"
        return response
    }
}

/// What a page depends on, as one strong `ETag`: this run of the server (its code and
/// templates), the database's generation (any commit, this process's or the `hearth`
/// command's), what changed in memory (`PageChanges`: jobs' progress),
/// the member and their session's CSRF token (the forms carry it), the language and the
/// browser's, what the browser accepts (a poll asks for JSON), the address asked for, and the last moment the clock changed a page (the
/// day's start, a dose coming due or being missed).
enum PageTag {
    /// A new one each start: a restarted server may have new templates, and SQLite's
    /// `data_version` starts again on a new connection.
    static let run = UUID().uuidString

    static func make(_ request: Request, context: AppRequestContext, database: AppDatabase, changes: PageChanges) throws -> String {
        let generation = database.generation
        let clock = try database.lastClockChange(at: context.now, in: context.timeZone, generation: generation)
        let parts = [
            run, String(generation), String(changes.count), String(context.member?.account.id ?? 0), context.csrfSecret,
            context.language.rawValue, request.headers[.acceptLanguage] ?? "", request.headers[.accept] ?? "", request.headers[.acceptEncoding] ?? "",
            context.isSecure ? "s" : "",
            request.uri.description,
            String(clock.timeIntervalSince1970), context.timeZone.identifier,
        ]
        return "\"" + SHA256.hex(Array(parts.joined(separator: "\u{1F}").utf8)).prefix(32) + "\""
    }

    /// `If-None-Match` holds one tag, several separated by commas, or `*`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == tag }
    }
}

/// Counts what pages show that is not in the database (an animation's or a medicine list's
/// progress, kept in memory): each change moves every page's tag.
final class PageChanges: Sendable {
    private let changes = Atomic<UInt64>(0)
    var count: UInt64 { changes.load(ordering: .acquiring) }
    func note() { changes.add(1, ordering: .releasing) }
}
