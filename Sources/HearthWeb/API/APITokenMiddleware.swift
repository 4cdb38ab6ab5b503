import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/api/v1/`: the caller is the token's member, never a browser's session — the API takes no
/// CSRF token, so a cookie must not be enough to write through it. A missing, wrong or
/// revoked token is 401; a wrong one (not one Hearth made) counts against its address like a
/// failed sign-in (so guessing tokens is throttled with guessing passwords). The token's scope
/// narrows the member's role: `read` writes nothing, `record` at most records, and only
/// `admin` acts as the owner.
struct APITokenMiddleware: RouterMiddleware {
    static let prefix = "/api/v1/"
    /// Readable without a token or a session: the description holds nothing of the household's,
    /// and a client generator reads it before anyone has made a token.
    static let document = "/api/v1/openapi.yaml"
    let tokens: APITokenRepository
    let failures: SignInFailureRepository
    var clock: @Sendable () -> Date = { Date() }

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix(Self.prefix) || path == "/api/v1" else { return try await next(request, context) }
        let bearer = Self.bearer(request.headers[.authorization])
        if path == Self.document, bearer == nil { return try await next(request, context) }
        var context = context
        (context.member, context.sessionToken) = (nil, nil)
        context.useCSRF(secret: "")
        guard let bearer else { throw PageError(status: .unauthorized, messageKey: "api.error.no_token") }
        let now = clock()
        // A good token is let in whatever its address did: 256 bits are not guessed, and the
        // lock is for the guesser, not for the household's Home Assistant beside it.
        guard let holder = try tokens.holder(token: bearer) else {
            if let until = try failures.lockedUntil(address: context.clientAddress, now: now) {
                let minutes = max(1, Int((until.timeIntervalSince(now) / 60).rounded(.up)))
                throw PageError(status: .tooManyRequests, messageKey: "api.error.locked", values: ["minutes": String(minutes)])
            }
            // A guess is counted. A token Hearth made and ended (revoked, its member disabled) is
            // no guess: a forgotten tablet polling with it must not lock the house out.
            if try !tokens.knows(token: bearer) {
                try await failures.record(username: SignInFailureRepository.tokenUsername, address: context.clientAddress, now: now)
            }
            throw PageError(status: .unauthorized, messageKey: "api.error.bad_token")
        }
        if let methods = APIOperations.methods(of: path), !methods.contains(request.method.rawValue) {
            throw PageError(status: .methodNotAllowed, messageKey: "api.error.method", values: ["allowed": methods.joined(separator: ", ")])
        }
        var member = holder.session
        if member.account.role == .owner && holder.scope != .admin { member.account.role = .adult }
        context.member = member
        context.apiScope = holder.scope
        context.language = member.account.language ?? context.household?.language ?? context.language
        if ![.get, .head].contains(request.method) {
            guard holder.scope != .read else { throw PageError(status: .forbidden, messageKey: "api.error.read_only") }
            guard member.account.role.canRecord else { throw PageError.forbidden }
        }
        try await tokens.noteUse(holder, now: now)
        // The history names the token beside its member.
        return try await ChangeAuthor.$current.withValue(ChangeAuthor(accountID: member.account.id, tokenID: holder.tokenID, via: .api)) {
            try await next(request, context)
        }
    }

    /// The token of `Authorization: Bearer <token>` (the scheme in any case, RFC 7235).
    static func bearer(_ header: String?) -> String? {
        guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
        let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}

/// The request's context as the API's handlers see it: the generated server hands them only
/// the request's parts, so `APICallMiddleware` puts the context here for the call.
enum APICall {
    @TaskLocal static var context: AppRequestContext?

    static func current() throws -> AppRequestContext {
        guard let context else { throw PageError(status: .unauthorized, messageKey: "api.error.no_token") }
        return context
    }
}

/// Set last before the API's handlers, so they see the context every middleware made.
struct APICallMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        try await APICall.$context.withValue(context) { try await next(request, context) }
    }
}
