import Crypto
import Foundation
import HTTPTypes
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Tokens made on `/me` and what they let a script do: shown once and kept as a digest,
/// stopped at once when revoked, never more than their member or their scope, throttled
/// like sign-in when wrong, and no way around CSRF with a browser's cookie.
@Suite("API tokens")
struct APITokenTests {
    @Test("a token made on /me is shown once, kept only as its SHA-256, and acts as its member")
    func madeOnMe() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/me")
            let made = try await owner.post("/me/tokens", ["name": "kitchen tablet", "scope": "record"])
            #expect(made.status == .ok)
            let token = try #require(made.text.firstMatch(of: /hearth_[0-9a-f]{64}/).map { String($0.output) })
            let stored = try hearth.database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM api_token") }
            #expect(stored.count == 1)
            #expect(!stored.description.contains(token), "the token itself is never stored")
            #expect(stored[0]["digest"] == SHA256.hex(token.utf8))
            let me = try await owner.get("/me")
            #expect(me.text.contains("kitchen tablet") && !me.text.contains(token), "listed without the token")

            let api = APIClient(client: owner.client, token: token)
            let who = try APIClient.json(try await api.call(.get, "/api/v1/me"))
            #expect(who["name"] as? String == "Mina" && who["scope"] as? String == "record")
            #expect(who["role"] as? String == "owner", "the member's own role; the scope says what the token may do")
            #expect(try await api.call(.get, "/api/v1/members").status == .forbidden, "an owner's token without admin scope acts as an adult")
        }
    }

    @Test("no token, a wrong one or a revoked one is 401 problem+json, and a browser's cookie is not a token")
    func refused() async throws {
        try await withHousehold { hearth, owner in
            let token = try await APITokenRepository(hearth.database).make(for: "mina", scope: .record, database: hearth.database)
            let api = APIClient(client: owner.client, token: token)
            #expect(try await api.call(.get, "/api/v1/subjects").status == .ok)

            // The owner's session cookie and CSRF token, sent to the API: still no.
            let withCookie = try await owner.send(
                "/api/v1/subjects", method: .get, headers: [.accept: "application/json"], body: nil)
            #expect(withCookie.status == .unauthorized)
            #expect(withCookie.headers[.contentType] == "application/problem+json")
            #expect(withCookie.headers[HTTPField.Name("WWW-Authenticate")!] == #"Bearer realm="Hearth""#)
            let problem = try APIClient.json(withCookie)
            #expect(problem["status"] as? Int == 401 && (problem["detail"] as? String)?.contains("Authorization: Bearer") == true)

            #expect(
                try await APIClient(client: owner.client, token: "hearth_" + String(repeating: "0", count: 64)).call(.get, "/api/v1/me").status == .unauthorized
            )

            try await owner.get("/me")
            let id = try #require(try APITokenRepository(hearth.database).tokens(accountID: 1).first?.id)
            #expect(try await owner.post("/me/tokens/\(id)/revoke", [:]).status == .seeOther)
            #expect(try await api.call(.get, "/api/v1/subjects").status == .unauthorized, "revoked: stopped at once")
            #expect(try await owner.get("/me").text.contains("revoked"))
        }
    }

    @Test("a password reset (by the owner or the command line) and a disabled account end the member's tokens; enabling does not bring them back")
    func resetEndsTokens() async throws {
        try await withHousehold { hearth, owner in
            let dad = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let tokens = APITokenRepository(hearth.database)
            var api = APIClient(client: owner.client, token: try await tokens.make(for: "dad", scope: .record, database: hearth.database))
            #expect(try await api.call(.get, "/api/v1/subjects").status == .ok)
            try await owner.get("/accounts")
            let reset = try await owner.post("/accounts/\(dad)/password", ["password": "brand new password"])
            #expect(reset.status == .seeOther)
            #expect(try await owner.get(reset.location ?? "/accounts").text.contains("API tokens"), "the page says what the reset ended")
            #expect(try await api.call(.get, "/api/v1/subjects").status == .unauthorized, "reset: the token ended")

            api.token = try await tokens.make(for: "dad", scope: .record, database: hearth.database)
            #expect(try await owner.post("/accounts/\(dad)/disable", [:]).status == .seeOther)
            try await owner.get("/accounts")
            #expect(try await owner.post("/accounts/\(dad)/enable", [:]).status == .seeOther)
            #expect(try await api.call(.get, "/api/v1/subjects").status == .unauthorized, "disabled then enabled: still ended")

            api.token = try await tokens.make(for: "dad", scope: .record, database: hearth.database)
            try await AccountRepository(hearth.database).setPasswordHash("x", accountID: dad)  // as `hearth user passwd` does
            #expect(try await api.call(.get, "/api/v1/subjects").status == .unauthorized, "the command line's reset ends it too")

            // A member changing their own password keeps their tokens: they made them.
            let own = try await tokens.make(for: "mina", scope: .record, database: hearth.database)
            try await AccountRepository(hearth.database).setPasswordHash("y", accountID: 1, keepingSession: nil, reset: false)
            #expect(try await APIClient(client: owner.client, token: own).call(.get, "/api/v1/subjects").status == .ok)
        }
    }

    @Test("wrong tokens count against the address: the twenty-first guess is 429, while a good token and the browsers' sign-in still work")
    func throttled() async throws {
        try await withHousehold { hearth, owner in
            let good = try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database)
            let wrong = APIClient(client: owner.client, token: "hearth_guess")
            for _ in 0..<SignInPolicy.maximumFailuresPerAddress { #expect(try await wrong.call(.get, "/api/v1/me").status == .unauthorized) }
            let locked = try await wrong.call(.get, "/api/v1/me")
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[HTTPField.Name("Retry-After")!] != nil)
            #expect(try await APIClient(client: owner.client, token: good).call(.get, "/api/v1/me").status == .ok, "a good token is no guess")
            // Counted apart: no password failed, so the browsers at this address still sign in; and
            // twenty wrong passwords lock sign-in, not the API's tokens.
            let browser = Browser(owner.client)
            #expect(try await browser.signIn("mina", ownerPassword).status == .seeOther, "sign-in is not locked by wrong tokens")
        }
    }

    @Test("twenty wrong passwords from an address lock its sign-in, saying so, but not a good token from it")
    func passwordsCountedApart() async throws {
        try await withHousehold { hearth, owner in
            let good = try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database)
            let browser = Browser(owner.client)
            for number in 0..<SignInPolicy.maximumFailuresPerAddress { _ = try await browser.signIn("guess\(number)", "wrong password 1") }
            #expect(try await browser.signIn("mina", ownerPassword).text.contains("Too many failed sign-ins"))
            #expect(try await APIClient(client: owner.client, token: good).call(.get, "/api/v1/me").status == .ok)
            #expect(try await APIClient(client: owner.client, token: "hearth_guess").call(.get, "/api/v1/me").status == .unauthorized, "not 429")
        }
    }

    @Test("a revoked token polled every 30 seconds for an hour is no guess: good tokens and sign-in from that address keep working")
    func revokedTokenPolled() async throws {
        try await withHousehold { hearth, owner in
            let tokens = APITokenRepository(hearth.database)
            let good = try await tokens.make(for: "mina", scope: .read, database: hearth.database)
            let old = try await tokens.make(for: "mina", scope: .read, database: hearth.database)
            // The newest, `old`, is listed first; revoked as a member does on /me.
            let id = try #require(try tokens.tokens(accountID: 1).first?.id)
            #expect(try await tokens.revoke(id: id, accountID: 1))
            #expect(try await APIClient(client: owner.client, token: old).call(.get, "/api/v1/me").status == .unauthorized)
            for _ in 0..<120 { #expect(try await APIClient(client: owner.client, token: old).call(.get, "/api/v1/me").status == .unauthorized) }
            #expect(try await APIClient(client: owner.client, token: good).call(.get, "/api/v1/me").status == .ok)
            let browser = Browser(owner.client)
            #expect(try await browser.signIn("mina", ownerPassword).status == .seeOther, "the right password signs in")
        }
    }

    @Test("a read token writes nothing; a viewer's token cannot write whatever its scope; only an admin token acts as the owner")
    func scopes() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun", colour: .orange), photo: nil)
            try await owner.addMember("grandpa", role: .viewer, database: hearth.database)
            let tokens = APITokenRepository(hearth.database)
            let water = #"{"cups": 1}"#
            let read = APIClient(client: owner.client, token: try await tokens.make(for: "mina", scope: .read, database: hearth.database))
            let refused = try await read.call(.post, "/api/v1/people/\(person.id)/water", json: water)
            #expect(refused.status == .forbidden)
            #expect(try APIClient.json(refused)["detail"] as? String == "This token may only read.")
            let viewer = APIClient(client: owner.client, token: try await tokens.make(for: "grandpa", scope: .record, database: hearth.database))
            #expect(try await viewer.call(.get, "/api/v1/subjects").status == .ok)
            #expect(try await viewer.call(.post, "/api/v1/people/\(person.id)/water", json: water).status == .forbidden)
            #expect(
                try DailyRepository(hearth.database).water(subjectID: person.id, on: LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)).drankML == 0)

            let recorder = APIClient(client: owner.client, token: try await tokens.make(for: "mina", scope: .record, database: hearth.database))
            #expect(try await recorder.call(.get, "/api/v1/members").status == .forbidden)
            let admin = APIClient(client: owner.client, token: try await tokens.make(for: "mina", scope: .admin, database: hearth.database))
            let members = try APIClient.json(try await admin.call(.get, "/api/v1/members"))["members"] as? [[String: Any]]
            #expect(members?.count == 2)
        }
    }

    @Test("a viewer may only make read tokens, and only the owner an admin one")
    func scopesOffered() async throws {
        try await withHousehold { hearth, owner in
            try await owner.addMember("grandpa", role: .viewer, database: hearth.database)
            let viewer = Browser(owner.client)
            try await viewer.signIn("grandpa", "member password 1")
            let me = try await viewer.get("/me")
            #expect(!me.text.contains(#"value="record""#))
            let refused = try await viewer.post("/me/tokens", ["name": "tablet", "scope": "record"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("field-error") && refused.text.contains(#"value="tablet""#), "the form again, the problem on its field")
            #expect(try await viewer.post("/me/tokens", ["name": "tablet", "scope": "read"]).status == .ok)
            #expect(try await viewer.post("/me/tokens", ["name": "", "scope": "read"]).status == .unprocessableContent)
        }
    }
}
