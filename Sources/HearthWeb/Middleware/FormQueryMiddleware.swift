import Foundation
import Hummingbird

/// A form sent with `method="get"` (search, pill identification, the clinics' filter) writes
/// each space as `+` (`application/x-www-form-urlencoded`) and a typed `+` as `%2B`; the
/// router reads a query as a URI, where `+` is only a plus. Here every page's query is read as
/// the browser wrote it, once for all pages, so `노랑+타원형+KT` finds 노랑 타원형 KT.
/// The API's queries are URIs written by scripts, and stay as they came.
struct FormQueryMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let path = request.head.path, let query = path.firstIndex(of: "?"), path[query...].contains("+"),
            !path.hasPrefix(APITokenMiddleware.prefix)
        else { return try await next(request, context) }
        var head = request.head
        head.path = String(path[..<query]) + path[query...].replacingOccurrences(of: "+", with: "%20")
        return try await next(Request(head: head, body: request.body), context)
    }
}
