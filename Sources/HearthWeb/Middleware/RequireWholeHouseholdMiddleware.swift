import Hummingbird

/// Adding a pet or a person is for members who see the whole household: a member limited to
/// chosen subjects would add one they could not see (403, with the reason).
struct RequireWholeHouseholdMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        if context.access.isLimited { throw PageError(status: .forbidden, messageKey: "error.limited") }
        return try await next(request, context)
    }
}
