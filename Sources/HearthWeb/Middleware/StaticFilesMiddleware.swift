import Hummingbird

/// Serves `Public/` at `/static/…` from memory (`StaticAssets`) and nothing else. Any path that
/// tries to climb out — `..` in any encoding, backslashes, NUL, doubled slashes — is a plain
/// 404 before anything is looked up; the data folder and database are outside `Public/` and
/// were never read. A versioned name is immutable for a year; a plain one is asked about
/// each time (`ETag`, 304). Gzipped where the browser takes it.
struct StaticFilesMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let prefix = "/static"
    let assets: StaticAssets

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let rawPath = request.uri.path
        guard rawPath == Self.prefix || rawPath.hasPrefix(Self.prefix + "/") else {
            return try await next(request, context)
        }
        guard Self.isSafe(rawPath), request.method == .get || request.method == .head else {
            throw PageError.notFound
        }
        guard let asset = assets.byPath[rawPath] else { throw PageError.notFound }
        let tag = "\"\(asset.digest)\""
        var headers: HTTPFields = [
            .eTag: tag, .contentType: asset.contentType,
            .cacheControl: rawPath == asset.versioned ? "public, max-age=31536000, immutable" : "public, no-cache",
        ]
        if asset.gzipped != nil { headers[.vary] = "Accept-Encoding" }
        // The service worker lives under /static/js/ but looks after every page.
        if rawPath == "/static/js/service-worker.js" { headers[HeaderName("Service-Worker-Allowed")!] = "/" }
        if let asked = request.headers[.ifNoneMatch], PageTag.matches(asked, tag) { return Response(status: .notModified, headers: headers) }
        var body = asset.body
        if let gzipped = asset.gzipped, Self.acceptsGzip(request.headers[.acceptEncoding]) {
            body = gzipped
            headers[.contentEncoding] = "gzip"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `gzip` listed and not refused (`gzip;q=0`).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            return pieces.first?.lowercased() == "gzip" && !pieces.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
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
