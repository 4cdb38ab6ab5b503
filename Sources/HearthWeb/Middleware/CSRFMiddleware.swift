import Hummingbird

/// Every state-changing request must carry the page's CSRF token (form field `_csrf` —
/// the first field of a multipart form — or header `X-CSRF-Token`) and, when the browser names an Origin, come from this origin.
/// A failure is a 403 before any handler runs, so nothing is written.
struct CSRFMiddleware: RouterMiddleware {
    static let headerName = HeaderName("X-CSRF-Token")!
    static let fieldName = "_csrf"
    /// With HTTPS beside plain HTTP, the two ports of this server: a page of one may post to the other.
    var ports: (http: Int, https: Int)?

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        // The API's calls carry a token in a header no other site can make a browser send; a
        // reminder's button a one-use token in its address no other site can know.
        guard ![.get, .head, .options].contains(request.method), context.apiScope == nil, !request.uri.path.hasPrefix(ReminderRoutes.answer("")) else {
            return try await next(request, context)
        }
        if let origin = request.headers[.origin], !Self.isSameOrigin(origin, host: request.head.authority, secure: context.isSecure),
            !isOtherListener(origin, host: request.head.authority)
        {
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
        let secret = context.csrfSecret
        guard let sent, !secret.isEmpty,
            Self.constantTimeEquals(sent, secret) || CSRFMask.unmask(sent).map({ Self.constantTimeEquals($0, secret) }) == true
        else {
            context.logger.notice("refused \(request.method) \(request.uri.path): missing or wrong CSRF token")
            throw PageError.csrf
        }
        return try await next(request, context)
    }

    /// `Origin: scheme://host[:port]` must name this origin: the scheme the request came
    /// over (https behind a TLS proxy that says so), the host it was sent to, and the same
    /// port (a scheme's default port may be left out on either side).
    static func isSameOrigin(_ origin: String, host authority: String?, secure: Bool) -> Bool {
        guard let authority, !authority.isEmpty else { return false }
        let scheme = secure ? "https" : "http"
        let lowered = origin.lowercased()
        guard lowered.hasPrefix(scheme + "://"),
            let sent = Authority(lowered.dropFirst(scheme.count + 3), scheme: scheme),
            let own = Authority(Substring(authority.lowercased()), scheme: scheme)
        else { return false }  // "null" and anything odd
        return sent == own
    }

    /// `Origin` is this server's other listener on the same host (https://host:8443 for a
    /// request to http://host:8080, or the other way).
    func isOtherListener(_ origin: String, host authority: String?) -> Bool {
        guard let ports, let host = HTTPSWayMiddleware.hostName(authority) else { return false }
        return Self.isSameOrigin(origin, host: "\(host):\(ports.https)", secure: true)
            || Self.isSameOrigin(origin, host: "\(host):\(ports.http)", secure: false)
    }

    /// A host and port, the port filled in from the scheme when left out.
    struct Authority: Equatable {
        let host: Substring
        let port: Int

        init?(_ text: Substring, scheme: String) {
            let defaultPort = scheme == "https" ? 443 : 80
            // "[::1]:8080", "[::1]", "192.168.1.20:8080", "hearth.local"
            let hostEnd = text.hasPrefix("[") ? text.firstIndex(of: "]").map { text.index(after: $0) } : text.firstIndex(of: ":")
            let end = hostEnd ?? text.endIndex
            host = text[..<end]
            let rest = text[end...]
            guard !host.isEmpty, !host.contains("/") else { return nil }
            if rest.isEmpty {
                port = defaultPort
            } else if rest.hasPrefix(":"), let number = Int(rest.dropFirst()), (1...65535).contains(number) {
                port = number
            } else {
                return nil
            }
        }
    }

    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
