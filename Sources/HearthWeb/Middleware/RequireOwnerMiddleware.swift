import Hummingbird

/// The household's members and settings are the owner's to change; everyone else gets 403
/// (before anything is loaded, so a member learns nothing of which accounts exist).
struct RequireOwnerMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        try context.requireOwner()
        return try await next(request, context)
    }
}
