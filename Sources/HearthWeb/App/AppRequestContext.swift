import Foundation
import HearthCore
import HearthStore
import Hummingbird
import NIOCore

/// What every handler knows about the request beyond the request itself:
/// who is signed in, which language to answer in, and the token forms must carry.
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    /// The signed-in member and their session, nil for anonymous requests.
    var member: SignedInSession?
    /// The browser's session token (from the cookie), when signed in.
    var sessionToken: String?
    /// The CSRF token forms on this page must send back: the session's, or before sign-in
    /// the anonymous double-submit cookie's (`csrfSecret`), masked afresh for each answer
    /// (`CSRFMask`), so a compressed page gives nothing of it away.
    private(set) var csrfToken: String = ""
    private(set) var csrfSecret: String = ""

    mutating func useCSRF(secret: String) {
        csrfSecret = secret
        csrfToken = secret.isEmpty ? "" : CSRFMask.mask(secret)
    }
    var household: HouseholdSettings?
    var language: Language = .en
    /// The request reached us over HTTPS (directly or through a proxy that says so).
    var isSecure = false
    /// The household's clock at this request (`HearthConfiguration.clock`, set by
    /// `MemberSessionMiddleware`): what "today", "open now" and a record's "now" are read from.
    var now = Date()

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Forms are small; photo uploads will get their own, larger limit.
    public var maxUploadSize: Int { 256 * 1024 }

    /// The client's address, for counting failed sign-ins: the connection's, or behind a
    /// trusted proxy the one it forwarded (set by `MemberSessionMiddleware`).
    var clientAddress = "unknown"

    /// What the route's `:id` names, loaded once by `LoadMiddleware` for the route group's
    /// `LoadedContext` (handlers read it there, typed).
    var loaded: (any Sendable)?

    /// A call to the API made with a token (`APITokenMiddleware`): what the token may do.
    var apiScope: TokenScope?

    var role: Role? { member?.account.role }
    /// The pets and people the member may see; nobody's when signed out.
    var access: SubjectAccess { member?.access ?? .only([]) }
}

extension AppRequestContext {
    var timeZone: TimeZone { household.flatMap { TimeZone(identifier: $0.timeZone) } ?? .current }
    /// The household's today.
    var today: LocalDate { LocalDate(now, in: timeZone) }
}
