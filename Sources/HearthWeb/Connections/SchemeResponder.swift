import Hummingbird
import ServiceLifecycle

/// One router behind two listeners: each says which one a request came in on, by setting
/// the request's scheme (HTTP/1 requests carry none of their own, so a client cannot claim one).
public struct SchemeResponder: HTTPResponder {
    let router: RouterResponder<AppRequestContext>
    let scheme: String

    public func respond(to request: Request, context: AppRequestContext) async throws -> Response {
        var head = request.head
        head.scheme = scheme
        return try await router.respond(to: Request(head: head, body: request.body), context: context)
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
