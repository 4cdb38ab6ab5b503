import Foundation
import Hummingbird

/// A form the phone's outbox sends after the Wi-Fi came back says when it was typed
/// (`Hearth-Typed-At`, an ISO 8601 instant): the request's "now" is that moment, so a meal
/// logged in the garden at 14:05 is a meal at 14:05, and a dose marked given then was given
/// then. Only the past week counts; a moment in the future, or older, is ignored.
struct TypedAtMiddleware: RouterMiddleware {
    static let header = HeaderName("Hearth-Typed-At")!
    static let longestWait: TimeInterval = 7 * 24 * 3600

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard request.method == .post, let text = request.headers[Self.header], let typed = Self.instant(text),
            typed <= context.now, context.now.timeIntervalSince(typed) <= Self.longestWait
        else { return try await next(request, context) }
        var context = context
        context.now = typed
        return try await next(request, context)
    }

    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
