import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Every state-changing route × every role, all with a valid CSRF token, so a 403 here
/// comes from the role check on the server and nothing else.
@Suite("Roles on the server")
struct RoleMatrixTests {
    enum Outcome: Equatable { case allowed, forbidden }

    /// A route, the form that would change something, and who may do it.
    struct Route: Sendable {
        let path: @Sendable (Int64) -> String
        let fields: [String: String]
        let ownerOnly: Bool
    }

    static let routes: [String: Route] = [
        "add member": Route(path: { _ in "/accounts" }, fields: ["username": "intruder", "password": "0123456789ab", "role": "owner"], ownerOnly: true),
        "set role": Route(path: { "/accounts/\($0)/role" }, fields: ["role": "owner"], ownerOnly: true),
        "reset password": Route(path: { "/accounts/\($0)/password" }, fields: ["password": "a new password 1"], ownerOnly: true),
        "disable": Route(path: { "/accounts/\($0)/disable" }, fields: [:], ownerOnly: true),
        "enable": Route(path: { "/accounts/\($0)/enable" }, fields: [:], ownerOnly: true),
        "settings": Route(path: { _ in "/settings" }, fields: ["household_name": "Changed", "time_zone": "UTC", "language": "en"], ownerOnly: true),
        "own preferences": Route(path: { _ in "/me" }, fields: ["display_name": "New name", "language": "ko"], ownerOnly: false),
        "own password": Route(path: { _ in "/me/password" }, fields: ["current_password": "member password 1", "new_password": "member password 2", "new_password_confirm": "member password 2"], ownerOnly: false),
    ]

    @Test("adults and viewers get 403 on accounts and settings and nothing changes; everyone may change their own account",
          arguments: [Role.adult, Role.viewer], Array(routes.keys).sorted())
    func memberRoutes(role: Role, routeName: String) async throws {
        let route = Self.routes[routeName]!
        try await withHousehold { hearth, owner in
            let targetID = try await owner.addMember("target", role: .adult, database: hearth.database)
            try await owner.addMember("member", role: role, database: hearth.database)
            let member = Browser(owner.client)
            #expect(try await member.signIn("member", "member password 1").status == .seeOther)
            try await member.get("/")

            let before = try await Snapshot(hearth.database)
            let response = try await member.post(route.path(targetID), route.fields)
            if route.ownerOnly {
                #expect(response.status == .forbidden, "\(role) \(routeName)")
                #expect(response.text.contains("Your account may not do this."))
                #expect(try await Snapshot(hearth.database) == before, "nothing written")
            } else {
                #expect(response.status == .seeOther, "\(role) \(routeName)")
                #expect(try await Snapshot(hearth.database) != before)
            }
        }
    }

    @Test("the owner may use every route", arguments: Array(routes.keys).sorted())
    func ownerRoutes(routeName: String) async throws {
        let route = Self.routes[routeName]!
        try await withHousehold { hearth, owner in
            let targetID = try await owner.addMember("target", role: .adult, database: hearth.database)
            if routeName == "enable" { try await AccountRepository(hearth.database).setDisabled(true, accountID: targetID) }
            var fields = route.fields
            if routeName == "own password" {
                fields["current_password"] = ownerPassword
            }
            try await owner.get("/")
            let response = try await owner.post(route.path(targetID), fields)
            #expect(response.status == .seeOther, "owner \(routeName): \(response.status)")
        }
    }

    @Test("adults and viewers cannot even open the accounts and settings pages", arguments: [Role.adult, Role.viewer])
    func ownerPages(role: Role) async throws {
        try await withHousehold { hearth, owner in
            try await owner.addMember("member", role: role, database: hearth.database)
            let member = Browser(owner.client)
            try await member.signIn("member", "member password 1")
            #expect(try await member.get("/accounts").status == .forbidden)
            #expect(try await member.get("/settings").status == .forbidden)
            let home = try await member.get("/")
            #expect(home.status == .ok)
            #expect(!home.text.contains(#"href="/accounts""#), "navigation shows only what this member may open")
        }
    }

    /// What a state-changing request could have touched.
    struct Snapshot: Equatable {
        let household: String?
        let accounts: [String]

        init(_ database: AppDatabase) async throws {
            let settings = try await HouseholdRepository(database).settings()
            household = settings.map { "\($0.name)|\($0.timeZone)|\($0.language)" }
            accounts = try await AccountRepository(database).all().map {
                "\($0.username)|\($0.displayName)|\($0.role)|\($0.language?.rawValue ?? "-")|\($0.passwordHash)|\($0.isDisabled)"
            }.sorted()
        }
    }
}
