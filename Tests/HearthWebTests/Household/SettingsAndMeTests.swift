import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Household settings and my account")
struct SettingsAndMeTests {
    @Test("the owner changes settings; bad input is a 422 with messages and nothing changes")
    func settings() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/settings")
            let bad = try await owner.post(
                "/settings", ["household_name": " ", "time_zone": "Nowhere/Town", "language": "fr", "weight_unit": "stone", "volume_unit": "ml"])
            #expect(bad.status == .unprocessableContent)
            for message in [
                "Give the household a name.", "Choose a time zone from the list.", "Choose a language from the list.", "Choose a unit from the list.",
            ] {
                #expect(bad.text.contains(message))
            }
            #expect(try await HouseholdRepository(hearth.database).settings()?.name == "The Kims")

            let good = try await owner.post(
                "/settings", ["household_name": "Kim & Park", "time_zone": "Europe/London", "language": "en", "weight_unit": "lb", "volume_unit": "fl_oz"])
            #expect(good.location == "/settings?saved=1")
            let settings = try #require(try await HouseholdRepository(hearth.database).settings())
            #expect(settings == HouseholdSettings(name: "Kim & Park", timeZone: "Europe/London", language: .en, weightUnit: .lb, volumeUnit: .floz))
            let page = try await owner.get("/settings?saved=1")
            #expect(page.text.contains("Settings saved."))
            #expect(page.text.contains("Kim &amp; Park"), "escaped in HTML")
        }
    }

    @Test("a member changes their own password: the current one is required, other sessions end, this one stays")
    func ownPassword() async throws {
        try await withHousehold { hearth, owner in
            try await owner.addMember("jun", role: .viewer, database: hearth.database)
            let phone = Browser(owner.client), laptop = Browser(owner.client)
            try await phone.signIn("jun", "member password 1")
            try await laptop.signIn("jun", "member password 1")

            try await laptop.get("/me")
            let wrong = try await laptop.post(
                "/me/password", ["current_password": "guess guess", "new_password": "another password", "new_password_confirm": "another password"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("That is not your current password."))
            let mismatch = try await laptop.post(
                "/me/password", ["current_password": "member password 1", "new_password": "another password", "new_password_confirm": "another passwerd"])
            #expect(mismatch.text.contains("The two passwords differ."))

            let good = try await laptop.post(
                "/me/password", ["current_password": "member password 1", "new_password": "another password", "new_password_confirm": "another password"])
            #expect(good.location == "/me?done=password")
            #expect(try await laptop.get("/me").status == .ok)
            #expect(try await phone.get("/").location == "/login")
            #expect(try await Browser(owner.client).signIn("jun", "another password").status == .seeOther)
        }
    }
}
