import Hummingbird

/// Serves `Public/` at `/static/…` and nothing else. Any path that tries to climb out —
/// `..` in any encoding, backslashes, NUL, doubled slashes — is a plain 404 before any
/// file is looked at; the data folder and database are outside `Public/` and never reachable.
struct StaticFilesMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let prefix = "/static"
    let files: FileMiddleware<AppRequestContext, LocalFileSystem>

    init(publicDirectory: String) {
        self.files = FileMiddleware(
            publicDirectory, urlBasePath: Self.prefix,
            cacheControl: .init([(MediaType(type: .any), [.private, .maxAge(3600)])]),
            searchForIndexHtml: false)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let rawPath = request.uri.path
        guard rawPath == Self.prefix || rawPath.hasPrefix(Self.prefix + "/") else {
            return try await next(request, context)
        }
        guard Self.isSafe(rawPath), request.method == .get || request.method == .head else {
            throw PageError.notFound
        }
        // FileMiddleware serves the file when the rest of the chain answers 404; here there is no rest.
        return try await files.handle(request, context: context) { _, _ in throw HTTPError(.notFound) }
    }

    /// Decodes repeatedly (double encoding such as `%252e`) and refuses anything suspicious.
    static func isSafe(_ rawPath: String) -> Bool {
        var path = rawPath
        for _ in 0..<3 {
            guard let decoded = path.removingPercentEncoding else { return false }
            if decoded == path { break }
            path = decoded
        }
        if path.contains("%") { return false }
        let forbidden = ["..", "\\", "\0", "//", "/."]
        return !forbidden.contains { path.contains($0) }
    }
}
