import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Signing in and out. Wrong passwords are counted per username and per client address;
/// an unknown username costs the same bcrypt time as a wrong password.
struct SignInController {
    let renderer: Renderer
    let accounts: AccountRepository
    let sessions: SessionRepository
    let failures: SignInFailureRepository
    let hasher: PasswordHasher
    let sessionLifetime: TimeInterval

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        if context.member != nil { return .redirect(to: Self.safeNext(request.uri.queryParameters.get("next")), type: .found) }
        return form(username: "", next: request.uri.queryParameters.get("next"), messageKey: nil, request: request, context: context, status: .ok)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context)
        let username = Credentials.normalizedUsername(input["username"] ?? "")
        let password = input["password"] ?? ""
        let next = input["next"]
        let address = context.clientAddress

        if let until = try await failures.lockedUntil(username: username, address: address) {
            let minutes = max(1, Int((until.timeIntervalSinceNow / 60).rounded(.up)))
            var response = form(
                username: username, next: next, messageKey: "login.locked", values: ["minutes": String(minutes)],
                request: request, context: context, status: .tooManyRequests)
            response.headers[.retryAfter] = String(Int(until.timeIntervalSinceNow.rounded(.up)))
            return response
        }

        let account = try await accounts.account(username: username)
        let verified = try await hasher.verify(password, hash: account?.passwordHash)
        guard verified, let account, !account.isDisabled else {
            try await failures.record(username: username, address: address)
            return form(username: username, next: next, messageKey: "login.failed", request: request, context: context, status: .unauthorized)
        }
        try await failures.clear(username: username)
        // A new session id at every sign-in: a session id planted before sign-in is worthless.
        let session = try await sessions.create(accountID: account.id!, lifetime: sessionLifetime, replacing: context.sessionToken)
        var response = Response.redirect(to: Self.safeNext(next), type: .normal)
        response.setCookie(HearthCookies.make(HearthCookies.session, value: session.token, maxAge: sessionLifetime, secure: context.isSecure))
        return response
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let token = context.sessionToken {
            try await sessions.delete(token: token)
        }
        var response = Response.redirect(to: HouseholdRoutes.signIn.pattern, type: .normal)
        response.setCookie(HearthCookies.expired(HearthCookies.session, secure: context.isSecure))
        return response
    }

    /// Only a path on this site: never `//elsewhere` or `https://elsewhere`.
    static func safeNext(_ next: String?) -> String {
        guard let next, SameSitePath.isSafe(next) else { return "/" }
        return next
    }

    private func form(
        username: String, next: String?, messageKey: String?, values: [String: String] = [:],
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) -> Response {
        let page = SignInPage(
            username: username, next: next.map(Self.safeNext) ?? "",
            message: messageKey.map { renderer.strings.text($0, context.language, values) })
        return renderer.page(page, titleKey: "login.title", request: request, context: context, status: status)
    }
}
