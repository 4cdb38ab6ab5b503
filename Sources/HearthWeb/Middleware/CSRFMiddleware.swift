import Hummingbird

/// Every state-changing request must carry the page's CSRF token (form field `_csrf` —
/// the first field of a multipart form — or header `X-CSRF-Token`) and, when the browser names an Origin, come from this origin.
/// A failure is a 403 before any handler runs, so nothing is written.
struct CSRFMiddleware: RouterMiddleware {
    static let headerName = HeaderName("X-CSRF-Token")!
    static let fieldName = "_csrf"

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else {
            return try await next(request, context)
        }
        if let origin = request.headers[.origin], !Self.isSameOrigin(origin, host: request.head.authority) {
            context.logger.notice("refused cross-origin \(request.method) \(request.uri.path) from \(origin)")
            throw PageError.csrf
        }
        var request = request
        var sent = request.headers[Self.headerName]
        if sent == nil, let boundary = MultipartReader.boundary(contentType: request.headers[.contentType]) {
            // Photo forms: the token is the first field, read before any file is.
            let (token, body) = try await MultipartReader.peekFirstField(Self.fieldName, body: request.body, boundary: boundary)
            sent = token
            request.body = body
        } else if sent == nil {
            sent = try await FormData.read(&request, context: context)[Self.fieldName]
        }
        guard let sent, !context.csrfToken.isEmpty, Self.constantTimeEquals(sent, context.csrfToken) else {
            context.logger.notice("refused \(request.method) \(request.uri.path): missing or wrong CSRF token")
            throw PageError.csrf
        }
        return try await next(request, context)
    }

    /// `Origin: http://host:port` must name the host the request was sent to.
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            return lowered.dropFirst(scheme.count) == host.lowercased()
        }
        return false  // "null" and anything odd
    }

    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
