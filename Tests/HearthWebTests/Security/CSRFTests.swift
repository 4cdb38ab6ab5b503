import Foundation
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("CSRF and same-origin checks")
struct CSRFTests {
    static let newSettings = ["household_name": "Renamed", "time_zone": "UTC", "language": "en", "weight_unit": "kg", "volume_unit": "ml"]

    @Test("a missing, wrong or cross-origin token is a 403 and nothing is written")
    func refusedWithoutToken() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/settings")
            let attempts: [(String?, Bool, HTTPFields)] = [
                (nil, false, [:]),
                (String(repeating: "0", count: 64), true, [:]),
                (owner.csrf, true, [.origin: "http://evil.example"]),
                (owner.csrf, true, [.origin: "null"]),
                // The scheme and port count too: an https page is another origin than this http one.
                (owner.csrf, true, [.origin: "https://localhost"]),
                (owner.csrf, true, [.origin: "http://localhost:8081"]),
                (owner.csrf, true, [.origin: "http://localhost.evil.example"]),
            ]
            for (token, send, headers) in attempts {
                let response = try await owner.post("/settings", Self.newSettings, csrf: token, withCSRF: send, headers: headers)
                #expect(response.status == .forbidden)
                #expect(response.text.contains("This form has expired or did not come from Hearth"))
                #expect(try await HouseholdRepository(hearth.database).settings()?.name == "The Kims")
            }
        }
    }

    @Test("the right token, as a form field or a header, from the same origin, is accepted")
    func acceptedWithToken() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/settings")
            let response = try await owner.post("/settings", Self.newSettings, headers: [.origin: "http://localhost"])
            #expect(response.status == .seeOther)
            // Behind a TLS proxy that says so, the page's origin is https (default port either way).
            let proxied = try await owner.post(
                "/settings", Self.newSettings, headers: [.origin: "https://localhost:443", HeaderName("X-Forwarded-Proto")!: "https"])
            #expect(proxied.status == .seeOther)
            #expect(try await HouseholdRepository(hearth.database).settings()?.name == "Renamed")

            var fields = Self.newSettings
            fields["household_name"] = "By header"
            let viaHeader = try await owner.post("/settings", fields, withCSRF: false, headers: [CSRFMiddleware.headerName: owner.csrf!])
            #expect(viaHeader.status == .seeOther)
            #expect(try await HouseholdRepository(hearth.database).settings()?.name == "By header")
        }
    }

    @Test("sign-in and setup forms need their token too")
    func anonymousFormsNeedToken() async throws {
        try await withHearth() { hearth, client in
            let browser = Browser(client)
            try await browser.get("/setup")
            let setup = try await browser.post(
                "/setup",
                [
                    "household_name": "The Kims", "time_zone": "UTC", "language": "en",
                    "username": "mina", "password": ownerPassword, "password_confirm": ownerPassword,
                ], withCSRF: false)
            #expect(setup.status == .forbidden)
            #expect(try await HouseholdRepository(hearth.database).settings() == nil)

            try await browser.setUpHousehold()
            let stranger = Browser(client)
            try await stranger.get("/login")
            let login = try await stranger.post("/login", ["username": "mina", "password": ownerPassword], csrf: String(repeating: "a", count: 64))
            #expect(login.status == .forbidden)
            #expect(stranger.cookies[HearthCookies.session] == nil)
        }
    }

    @Test("a signed-in member's own token is needed: another browser's token does not do")
    func tokenBelongsToSession() async throws {
        try await withHousehold { hearth, owner in
            let other = Browser(owner.client)
            try await other.signIn("mina", ownerPassword)
            try await other.get("/settings")
            let otherToken = try #require(other.csrf)
            try await owner.get("/settings")
            #expect(otherToken != owner.csrf)
            let response = try await owner.post("/settings", Self.newSettings, csrf: otherToken)
            #expect(response.status == .forbidden)
            #expect(try await HouseholdRepository(hearth.database).settings()?.name == "The Kims")
        }
    }

    @Test("with HTTPS beside HTTP, the other listener on the same host is this server; another host or port is not")
    func bothListeners() {
        let csrf = CSRFMiddleware(ports: (http: 8080, https: 8443))
        #expect(csrf.isOtherListener("https://192.168.0.20:8443", host: "192.168.0.20:8080"))
        #expect(csrf.isOtherListener("http://hearth.local:8080", host: "hearth.local:8443"))
        #expect(!csrf.isOtherListener("https://evil.example:8443", host: "192.168.0.20:8080"))
        #expect(!csrf.isOtherListener("https://192.168.0.20:9443", host: "192.168.0.20:8080"))
        #expect(!CSRFMiddleware().isOtherListener("https://192.168.0.20:8443", host: "192.168.0.20:8080"), "plain HTTP only: one origin")
    }
}
