import Hummingbird

/// The context of a route group whose `:id` has been loaded: a pet, a person, a record, a
/// recipe. Its handlers take the thing itself, not an optional, so a handler that needs a pet
/// cannot be mounted where none is loaded (a compile error, not a 500). The only way to such
/// a group is `loading(_:by:)`, which puts the loader and the context together.
protocol LoadedContext: ChildRequestContext where ParentContext == AppRequestContext {
    associatedtype Loaded: Sendable
    /// Everything else the request knows: the member, language, household, clock.
    var app: AppRequestContext { get set }
    init(app: AppRequestContext, loaded: Loaded)
}

extension LoadedContext {
    init(context: AppRequestContext) throws {
        // Set by `LoadMiddleware` just before; anything else is a routing mistake.
        guard let loaded = context.loaded as? Loaded else { throw PageError(status: .internalServerError, messageKey: "error.server") }
        self.init(app: context, loaded: loaded)
    }

    var coreContext: CoreRequestContextStorage {
        get { app.coreContext }
        set { app.coreContext = newValue }
    }

    var maxUploadSize: Int { app.maxUploadSize }
}

/// Loads what `:id` names once, before the handler, or answers 404.
struct LoadMiddleware<Loaded: Sendable>: RouterMiddleware {
    /// What the 404 page says (`appointments.error.gone`), when not the usual words.
    var gone: String? = nil
    let load: @Sendable (Int64, AppRequestContext) async throws -> Loaded?

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), let loaded = try await load(id, context) else {
            throw gone.map { PageError(status: .notFound, messageKey: $0) } ?? PageError.notFound
        }
        var context = context
        context.loaded = loaded
        return try await next(request, context)
    }
}

extension RouterMethods where Context == AppRequestContext {
    /// The routes under this group take `Context` with what `load` found for `:id` (404 when nothing).
    func loading<Child: LoadedContext>(
        _ context: Child.Type, gone: String? = nil, by load: @escaping @Sendable (Int64, AppRequestContext) async throws -> Child.Loaded?
    ) -> RouterGroup<Child> {
        group().add(middleware: LoadMiddleware(gone: gone, load: load)).group(context: Child.self)
    }
}
