import HearthStore
import Hummingbird

/// An error that becomes an error page in the member's language: the status and the key
/// of the message to show. Thrown by middleware and controllers alike.
struct PageError: Error, Sendable {
    let status: HTTPResponse.Status
    let messageKey: String

    static let notFound = PageError(status: .notFound, messageKey: "error.not_found")
    static let forbidden = PageError(status: .forbidden, messageKey: "error.forbidden")
    static let csrf = PageError(status: .forbidden, messageKey: "error.csrf")
}

extension AppRequestContext {
    /// Only owners manage accounts and household settings.
    func requireOwner() throws {
        guard role?.canManageHousehold == true else { throw PageError.forbidden }
    }

    /// Viewers see everything and change nothing.
    func requireRecorder() throws {
        guard role?.canRecord == true else { throw PageError.forbidden }
    }

    func requireMember() throws -> SignedInSessionMember {
        guard let member, let sessionToken else { throw PageError.forbidden }
        return SignedInSessionMember(session: member, token: sessionToken)
    }
}


/// The signed-in member of a request, once a controller has made sure there is one.
struct SignedInSessionMember: Sendable {
    let session: SignedInSession
    let token: String
    var account: Account { session.account }
    var accountID: Int64 { session.account.id! }
}
