import Foundation
import HearthAPI
import HearthCore
import HearthStore
import HTTPTypes
import OpenAPIRuntime

/// The API's operations (`APIProtocol`, generated from `Sources/HearthAPI/openapi.yaml`), one
/// extension per job beside this file. Each reads the request's context from `APICall` and
/// goes through the same validation, repositories and access checks as the pages.
struct APIHandlers: APIProtocol {
    let services: Services

    var database: AppDatabase { services.database }
    var strings: Localization { services.renderer.strings }

    func format(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: strings, language: context.language, timeZone: context.timeZone)
    }

    /// The member's own subject `id`, or 404 (a hidden one is not there for them).
    func subject(_ id: Int64, _ context: AppRequestContext) throws -> SubjectSummary {
        guard let subject = try SubjectRepository(database).subject(id: id, access: context.access) else { throw PageError(StoreError.subjectNotFound) }
        return subject
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let context = try APICall.current()
        let member = try context.requireAPIMember()
        // The member's own role: the token's scope narrows what it may do (an owner's record
        // token acts as an adult), which `scope` says.
        var role = member.account.role
        if let id = member.account.id, let account = try await AccountRepository(database).account(id: id) { role = account.role }
        return .ok(
            .init(
                body: .json(
                    .init(
                        id: member.account.id ?? 0, name: member.account.displayName, role: .init(rawValue: role.rawValue) ?? .viewer,
                        scope: .init(rawValue: context.apiScope?.rawValue ?? "read") ?? .read, limited: member.access != .everyone))))
    }

    func listMembers(_ input: Operations.ListMembers.Input) async throws -> Operations.ListMembers.Output {
        let context = try APICall.current()
        try context.requireOwner()
        let members = try await AccountRepository(database).all().map { account in
            Components.Schemas.Member(
                id: account.id ?? 0, username: account.username, name: account.displayName, role: .init(rawValue: account.role.rawValue) ?? .viewer,
                disabled: account.isDisabled)
        }
        return .ok(.init(body: .json(.init(members: members))))
    }
}

extension AppRequestContext {
    /// The token's member (the API has no session).
    func requireAPIMember() throws -> SignedInSession {
        guard let member, apiScope != nil else { throw PageError(status: .unauthorized, messageKey: "api.error.no_token") }
        return member
    }
}
