import Hummingbird
import ServiceLifecycle

/// One router behind two listeners: each says which one a request came in on, by setting
/// the request's scheme (HTTP/1 requests carry none of their own, so a client cannot claim one).
/// It answers HEAD as GET, without the body.
public struct SchemeResponder: HTTPResponder {
    let router: RouterResponder<AppRequestContext>
    let scheme: String

    public func respond(to request: Request, context: AppRequestContext) async throws -> Response {
        var head = request.head
        head.scheme = scheme
        guard head.method == .head else { return try await router.respond(to: Request(head: head, body: request.body), context: context) }
        // HEAD is answered for every page as its GET would be, without the body (RFC 9110
        // §9.3.2): the same status and headers, and the length the body would have. Here, before
        // the router, since it picks the route by method.
        head.method = .get
        var response = try await router.respond(to: Request(head: head, body: request.body), context: context)
        let length = response.headers[.contentLength].flatMap { Int($0) } ?? response.body.contentLength
        response.body = ResponseBody(contentLength: length) { writer in try await writer.finish(nil) }
        return response
    }
}

/// Keeps the HTTPS certificate current: every ten minutes it looks whether the machine's
/// addresses changed, the certificate is near its end, or own files were replaced.
struct CertificateRenewal: Service {
    let tls: HouseholdTLS

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(600))
                tls.refresh()
            }
        }
    }
}
