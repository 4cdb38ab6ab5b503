import Foundation
import Hummingbird

/// Every page but sign-in, setup and the health check needs a signed-in member.
/// Browsers are sent to sign in (and back afterwards); anything else gets 401.
/// Being global, a new route is protected without anyone remembering to protect it.
struct RequireMemberMiddleware: RouterMiddleware {
    /// The sign-in path, the health check, the phone's way in (`PhonesArea.openPaths`) and the
    /// API's description (no secret in it).
    static let openPaths: Set<String> = Set([HouseholdRoutes.signIn, HouseholdRoutes.setup, AppRoutes.health].map(\.pattern)).union(PhonesArea.openPaths)
        .union([APITokenMiddleware.document])

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        // A calendar feed's URL is its credential (see `RemindersController.feed`), and a
        // reminder button's its own (`ReminderAnswerController`).
        if context.member != nil || Self.openPaths.contains(request.uri.path) || request.method == .get && request.uri.path.hasPrefix(ReminderRoutes.feed(""))
            || request.uri.path.hasPrefix(ReminderRoutes.answer(""))
        {
            return try await next(request, context)
        }
        if request.wantsHTML && request.method == .get {
            let back =
                request.uri.path == "/"
                ? "" : "?next=\(request.uri.path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "/-_."))) ?? "")"
            return .redirect(to: HouseholdRoutes.signIn.pattern + back, type: .found)
        }
        throw PageError(status: .unauthorized, messageKey: "error.sign_in_required")
    }
}
