import Hummingbird

/// Before the household exists, every page leads to `/setup`.
struct SetupGateMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        // The connect page comes first on a new phone: setting up over HTTPS keeps the owner's password off the air.
        if context.household == nil, path != HouseholdRoutes.setup.pattern, path != AppRoutes.health.pattern, !PhonesArea.openPaths.contains(path) {
            if request.wantsHTML || request.method == .get { return .redirect(to: HouseholdRoutes.setup.pattern, type: .found) }
            throw PageError(status: .serviceUnavailable, messageKey: "error.not_set_up")
        }
        return try await next(request, context)
    }
}
