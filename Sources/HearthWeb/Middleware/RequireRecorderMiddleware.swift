import Hummingbird

/// Adding and changing records is for owners and adults; viewers get 403.
struct RequireRecorderMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        try context.requireRecorder()
        return try await next(request, context)
    }
}
