import Hummingbird

/// Adds the security headers to every response, error pages included.
/// No inline script or style anywhere: everything comes from /static.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var policy: String {
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    static var headers: HTTPFields {
        [
            .contentSecurityPolicy: policy,
            .xContentTypeOptions: "nosniff",
            HeaderName("Referrer-Policy")!: "same-origin",
            HeaderName("X-Frame-Options")!: "DENY",
            HeaderName("Cross-Origin-Opener-Policy")!: "same-origin",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Only reached if the error pages themselves failed: answer plainly, still with headers.
            context.logger.error("unhandled error: \(error)")
            response = Response(
                status: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "500")))
        }
        for field in Self.headers where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }
}
