import Hummingbird

/// Adding and changing records is for owners and adults; viewers get 403.
struct RequireRecorderMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        try context.requireRecorder()
        return try await next(request, context)
    }
}

/// A person's own records (water, steps, weight): for owners and adults, and for the member
/// who is that person (self-care, whatever their role).
struct RequireRecorderOrSelfMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: PersonContext, next: (Request, PersonContext) async throws -> Response) async throws -> Response {
        try context.app.requireRecorder(for: context.person.id)
        return try await next(request, context)
    }
}
