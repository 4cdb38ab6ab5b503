import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Finds out who is asking: the session from the cookie, the household, the language
/// (the member's choice, else the household's, else Accept-Language), and the CSRF token
/// the page's forms must carry.
struct MemberSessionMiddleware: RouterMiddleware {
    let sessions: RecentSessions
    let household: HouseholdState
    let lifetime: TimeInterval
    /// Reverse proxies whose `X-Forwarded-For` is believed (`hearth serve --trusted-proxy`).
    let trustedProxies: Set<String>
    /// Renewing the expiry is a write; once an hour per session is plenty.
    let touchInterval: TimeInterval = 3600
    /// The household's clock, for the pages' "now" (sessions keep the machine's).
    var clock: @Sendable () -> Date = { Date() }

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        var context = context
        let now = Date()
        context.now = clock()
        let secure = request.cameOverHTTPS
        context.isSecure = secure
        context.clientAddress = ClientAddress.resolve(
            peer: context.remoteAddress?.ipAddress ?? "unknown",
            forwardedFor: request.headers[values: HeaderName("X-Forwarded-For")!], trustedProxies: trustedProxies)
        context.household = household.settings

        var cookiesToSet: [Cookie] = []
        let token = request.cookies[HearthCookies.session]?.value
        if let token, !token.isEmpty {
            if let session = try await sessions.find(token: token, now: now) {
                context.member = session
                context.sessionToken = token
                context.useCSRF(secret: session.csrfToken)
                if now.timeIntervalSince(session.lastSeenAt) > touchInterval {
                    try await sessions.repository.touch(token: token, lifetime: lifetime, now: now)
                    cookiesToSet.append(HearthCookies.make(HearthCookies.session, value: token, maxAge: lifetime, secure: secure))
                }
            } else {
                // Expired, signed out elsewhere, or the account was disabled: forget it.
                cookiesToSet.append(HearthCookies.expired(HearthCookies.session, secure: secure))
            }
        }
        // The API's callers carry no cookies and are given none.
        if context.member == nil && !request.uri.path.hasPrefix(APITokenMiddleware.prefix) {
            if let anonymous = request.cookies[HearthCookies.anonymousCSRF]?.value, anonymous.count == 64 {
                context.useCSRF(secret: anonymous)
            } else {
                context.useCSRF(secret: SessionRepository.newToken())
                cookiesToSet.append(HearthCookies.make(HearthCookies.anonymousCSRF, value: context.csrfSecret, maxAge: 24 * 3600, secure: secure))
            }
        }
        context.language =
            context.member?.account.language
            ?? context.household?.language
            ?? Language.negotiate(acceptLanguage: request.headers[.acceptLanguage])
            ?? .en

        // The history's "who" of every write this request makes.
        let author = context.member.map { ChangeAuthor(accountID: $0.account.id, via: .page) }
        var response = try await ChangeAuthor.$current.withValue(author) { try await next(request, context) }
        // A handler that signed someone in or out has already set these cookies; its word wins.
        for cookie in cookiesToSet where !response.setsCookie(named: cookie.name) {
            response.setCookie(cookie)
        }
        return response
    }
}
