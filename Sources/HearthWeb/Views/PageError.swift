import HearthCore
import HearthStore
import Hummingbird

/// An error that becomes an error page in the member's language: the status and the key
/// of the message to show. Thrown by middleware and controllers alike.
struct PageError: Error, Sendable {
    let status: HTTPResponse.Status
    let messageKey: String
    var values: [String: String] = [:]
    /// Every field's problem, for answers that can name them all (the API's).
    var fields = FieldErrors()

    static let notFound = PageError(status: .notFound, messageKey: "error.not_found")
    static let forbidden = PageError(status: .forbidden, messageKey: "error.forbidden")
    static let csrf = PageError(status: .forbidden, messageKey: "error.csrf")
}

extension PageError {
    /// The first problem of a form that has no page of its own to show it on.
    init?(_ errors: FieldErrors) {
        guard let first = errors.first else { return nil }
        self.init(status: .unprocessableContent, messageKey: first.key, values: first.values, fields: errors)
    }

    /// The refusal of `errors`, which the caller found not empty (a plain 422 if they were).
    init(refusing errors: FieldErrors) {
        self = PageError(errors) ?? PageError(status: .unprocessableContent, messageKey: "error.bad_request")
    }
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

    /// Self-care: whatever their role, a member records their own water, steps, weight and the
    /// doses they took, as the person of the household who is their account.
    func mayRecord(for subjectID: Int64?) -> Bool {
        role?.mayRecord(for: subjectID, me: member?.me) == true
    }

    func requireRecorder(for subjectID: Int64?) throws {
        guard mayRecord(for: subjectID) else { throw PageError.forbidden }
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

extension PageError {
    /// What each refusal of the store means to the member.
    init(_ error: StoreError) {
        switch error {
        case .petNotFound: self.init(status: .notFound, messageKey: "pets.error.pet_gone")
        case .personNotFound: self.init(status: .notFound, messageKey: "people.error.person_gone")
        case .subjectNotFound: self.init(status: .notFound, messageKey: "error.subject_gone")
        case .accountAlreadyLinked: self.init(status: .conflict, messageKey: "people.error.account_taken")
        case .recordNotFound: self.init(status: .notFound, messageKey: "pets.error.record_gone")
        case .notInBin: self.init(status: .conflict, messageKey: "bin.error.not_there")
        case .binItemNotFound: self.init(status: .notFound, messageKey: "error.not_found")
        case .foodNotFound: self.init(status: .conflict, messageKey: "pets.error.food_gone")
        case .clinicNotFound: self.init(status: .notFound, messageKey: "care.error.clinic_gone")
        case .kindMismatch: self.init(status: .conflict, messageKey: "pets.error.kind_changed")
        case .accountNotFound: self.init(status: .notFound, messageKey: "error.not_found")
        case .regimenNotFound: self.init(status: .notFound, messageKey: "regimens.error.gone")
        case .routineNotFound: self.init(status: .notFound, messageKey: "routines.error.gone")
        case .trackerNotFound: self.init(status: .notFound, messageKey: "trackers.error.gone")
        case .trackerChanged: self.init(status: .conflict, messageKey: "trackers.error.changed")
        case .appointmentNotFound: self.init(status: .notFound, messageKey: "appointments.error.gone")
        case .regimenNameTaken: self.init(status: .conflict, messageKey: "regimens.error.name_taken")
        case .full(let most): self.init(status: .unprocessableContent, messageKey: "error.full", values: ["most": String(most)])
        case .alreadySetUp, .usernameTaken, .lastOwner: self.init(status: .conflict, messageKey: "error.bad_request")
        }
    }
}
