import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("The owner manages accounts")
struct AccountsTests {
    @Test("adding a member: problems come back on the form with 422, a taken username too, nothing written")
    func addMember() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/accounts")
            let bad = try await owner.post("/accounts", ["username": "J", "password": "short", "role": "adult"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("A username has 3 to 32 characters."))
            #expect(bad.text.contains("At least 10 characters, please."))
            let taken = try await owner.post("/accounts", ["username": "MINA", "password": "0123456789ab", "role": "adult"])
            #expect(taken.status == .unprocessableContent)
            #expect(taken.text.contains("Someone in the household already has this username."))
            #expect(try await AccountRepository(hearth.database).all().count == 1)

            let good = try await owner.post(
                "/accounts", ["username": "Jun", "display_name": "Jun", "password": "0123456789ab", "role": "viewer", "language": "ko"])
            #expect(good.location == "/accounts?done=added")
            let page = try await owner.get("/accounts?done=added")
            #expect(page.text.contains("Member added."))
            let jun = try #require(try await AccountRepository(hearth.database).account(username: "jun"))
            #expect(jun.role == .viewer)
            #expect(jun.language == .ko)
            let browser = Browser(owner.client)
            #expect(try await browser.signIn("jun", "0123456789ab").status == .seeOther)
            #expect(try await browser.get("/").text.contains("안녕하세요"), "the member's own language")
        }
    }

    @Test("the last active owner can be neither demoted nor disabled")
    func lastOwner() async throws {
        try await withHousehold { hearth, owner in
            let minaID = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            try await owner.get("/accounts")
            let demote = try await owner.post("/accounts/\(minaID)/role", ["role": "adult"])
            #expect(demote.status == .conflict)
            #expect(demote.text.contains("The household needs at least one active owner."))
            let disable = try await owner.post("/accounts/\(minaID)/disable", [:])
            #expect(disable.status == .conflict)
            let mina = try await AccountRepository(hearth.database).account(id: minaID)
            #expect(mina?.role == .owner)
            #expect(mina?.isDisabled == false)

            // With a second owner, the first may step down.
            let dadID = try await owner.addMember("dad", role: .owner, database: hearth.database)
            #expect(dadID != minaID)
            #expect(try await owner.post("/accounts/\(minaID)/role", ["role": "adult"]).status == .seeOther)
        }
    }

    @Test("resetting a password or disabling an account signs that member out everywhere")
    func resetAndDisable() async throws {
        try await withHousehold { hearth, owner in
            let id = try await owner.addMember("jun", role: .adult, database: hearth.database)
            let jun = Browser(owner.client)
            try await jun.signIn("jun", "member password 1")
            #expect(try await jun.get("/").status == .ok)

            try await owner.get("/accounts")
            #expect(try await owner.post("/accounts/\(id)/password", ["password": "brand new password"]).status == .seeOther)
            #expect(try await jun.get("/").location == "/login", "the old session is over")
            #expect(try await Browser(owner.client).signIn("jun", "member password 1").status == .unauthorized)
            #expect(try await jun.signIn("jun", "brand new password").status == .seeOther)

            try await owner.get("/accounts")
            #expect(try await owner.post("/accounts/\(id)/disable", [:]).status == .seeOther)
            #expect(try await jun.get("/").location == "/login")
            #expect(try await jun.signIn("jun", "brand new password").status == .unauthorized, "a disabled account cannot sign in")
            #expect(try await SessionRepository(hearth.database).count(accountID: id) == 0)

            try await owner.get("/accounts")
            #expect(try await owner.post("/accounts/\(id)/enable", [:]).status == .seeOther)
            #expect(try await jun.signIn("jun", "brand new password").status == .seeOther)
        }
    }

    @Test("an unknown account id is a 404")
    func unknownAccount() async throws {
        try await withHousehold { _, owner in
            try await owner.get("/accounts")
            #expect(try await owner.post("/accounts/9999/disable", [:]).status == .notFound)
        }
    }
}
