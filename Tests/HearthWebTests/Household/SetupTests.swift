import Foundation
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("First run and /setup")
struct SetupTests {
    @Test("before setup every page leads to /setup; /healthz still answers")
    func everythingLeadsToSetup() async throws {
        try await withHearth() { hearth, client in
            let browser = Browser(client)
            for path in ["/", "/login", "/accounts", "/settings", "/me"] {
                let response = try await browser.get(path)
                #expect(response.status == .found, "\(path)")
                #expect(response.location == "/setup", "\(path)")
            }
            let health = try await browser.get("/healthz")
            #expect(health.status == .ok)
            #expect(health.text == "ok")
            let setup = try await browser.get("/setup")
            #expect(setup.status == .ok)
            #expect(setup.text.contains(#"name="household_name""#))
        }
    }

    @Test("a setup form with problems comes back with the input and messages, 422, nothing written")
    func invalidSetupWritesNothing() async throws {
        try await withHearth() { hearth, client in
            let browser = Browser(client)
            try await browser.get("/setup")
            let response = try await browser.post(
                "/setup",
                [
                    "household_name": "The Kims", "time_zone": "Mars/Olympus", "language": "en",
                    "username": "mina", "password": "short", "password_confirm": "short",
                ])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("At least 10 characters, please."))
            #expect(response.text.contains("Choose a time zone from the list."))
            #expect(response.text.contains(#"value="The Kims""#), "the household name typed is kept")
            #expect(!response.text.contains("short\""), "passwords are never echoed back")
            #expect(try await HouseholdRepository(hearth.database).settings() == nil)
            #expect(try await AccountRepository(hearth.database).all().isEmpty)
        }
    }

    @Test("setup creates the household and its owner, signs them in, and /setup is gone for good")
    func setupOnce() async throws {
        try await withHearth() { hearth, client in
            let browser = Browser(client)
            try await browser.setUpHousehold()
            #expect(browser.cookies[HearthCookies.session] != nil)
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains("The Kims"))
            #expect(home.text.contains("Hello, Mina"))

            #expect(try await browser.get("/setup").status == .notFound)
            let again = try await browser.post(
                "/setup",
                [
                    "household_name": "Intruders", "time_zone": "UTC", "language": "en",
                    "username": "eve", "password": "0123456789ab", "password_confirm": "0123456789ab",
                ])
            #expect(again.status == .notFound)
            let stranger = Browser(client)
            #expect(try await stranger.get("/setup").status == .notFound)

            #expect(try await HouseholdRepository(hearth.database).settings()?.name == "The Kims")
            let accounts = try await AccountRepository(hearth.database).all()
            #expect(accounts.map(\.username) == ["mina"])
            #expect(accounts.first?.role == .owner)
            #expect(accounts.first?.passwordHash.hasPrefix("$2") == true, "stored as bcrypt, never as typed")
        }
    }

    @Test("the data folder is 0700 and the database file 0600")
    func dataFolderPermissions() async throws {
        let directory = temporaryDataDirectory()
        let hearth = try await makeHearth(dataDirectory: directory)
        try hearth.database.close()
        let folder = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
        let file = try FileManager.default.attributesOfItem(atPath: directory + "/hearth.sqlite")[.posixPermissions] as? Int
        #expect(folder == 0o700)
        #expect(file == 0o600)
    }
}
