import Foundation
import Hummingbird

/// With HTTPS beside plain HTTP: a browser that has reached the HTTPS port once (so it
/// trusts the household's certificate) is remembered by a cookie, and its plain-HTTP page
/// requests are sent to HTTPS from then on; a phone that does not trust the household yet
/// keeps plain HTTP and the connect page's way in. Forms are never redirected: a POST that
/// arrives over HTTP is answered where it came, so nothing typed is lost on the way.
struct HTTPSWayMiddleware: RouterMiddleware {
    static let cookie = "hearth_https"
    let httpsPort: Int

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        let trusted = request.cookies[Self.cookie]?.value == "1"
        if request.head.scheme == "https" {
            var response = try await next(request, context)
            if !trusted {
                // Not Secure: the plain-HTTP side must see it to send this browser on.
                response.setCookie(Cookie(name: Self.cookie, value: "1", maxAge: 400 * 24 * 3600, path: "/", secure: false, httpOnly: true, sameSite: .lax))
            }
            return response
        }
        if trusted, [.get, .head].contains(request.method), let target = Self.httpsURL(of: request, port: httpsPort) {
            return Response(status: .found, headers: [.location: target, .cacheControl: "no-store"])
        }
        return try await next(request, context)
    }

    /// The same page on the HTTPS port of the host the browser asked for.
    static func httpsURL(of request: Request, port: Int, path: String? = nil) -> String? {
        guard let host = hostName(request.head.authority) else { return nil }
        return "https://\(host)\(port == 443 ? "" : ":\(port)")\(path ?? request.uri.description)"
    }

    /// `192.168.0.20:8080` → `192.168.0.20`, `[::1]:8080` → `[::1]`, `hearth.local` → itself;
    /// read as the CSRF check reads it (nil for anything odd).
    static func hostName(_ authority: String?) -> String? {
        guard let authority, !authority.contains("@"), let parsed = CSRFMiddleware.Authority(Substring(authority), scheme: "http") else { return nil }
        return String(parsed.host)
    }
}
