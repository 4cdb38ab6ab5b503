import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Repeat views answered `304`, and nothing stale: every kind of change moves every page's tag.
@Suite("Conditional pages")
struct ConditionalPageTests {
    /// 08:30 on Monday 23 November 2026 in Seoul (the test household's zone).
    static let morning = "2026-11-22T23:30:00Z"

    static func revalidate(_ browser: Browser, _ path: String, _ tag: String) async throws -> TestResponse {
        try await browser.get(path, headers: [.ifNoneMatch: tag])
    }

    @Test("a repeat view is a 304 without a body; the tag is the member's, the language's and the address's own")
    func repeatView() async throws {
        try await withHousehold(clock: TestClock(Self.morning).read) { hearth, owner in
            let pet = try await owner.addPet("Mochi")
            let first = try await owner.get("/pets/\(pet)")
            let tag = try #require(first.headers[.eTag])
            #expect(first.status == .ok && first.headers[.cacheControl] == "private, no-cache")
            #expect(tag.hasPrefix("\"") && tag.count == 34, "a strong tag")
            let again = try await Self.revalidate(owner, "/pets/\(pet)", tag)
            #expect(again.status == .notModified && again.body.readableBytes == 0 && again.headers[.eTag] == tag)
            #expect(try await Self.revalidate(owner, "/pets/\(pet)", "\"other\", \(tag)").status == .notModified, "one of several")
            #expect(try await Self.revalidate(owner, "/pets/\(pet)?from=2026-11-01", tag).status == .ok, "another address")
            #expect(try await Self.revalidate(owner, "/pets/\(pet)/timeline", tag).status == .ok)
            owner.acceptLanguage = "ko-KR"
            #expect(try await Self.revalidate(owner, "/pets/\(pet)", tag).status == .ok, "the browser's language")
            owner.acceptLanguage = nil

            // Another member, even with the first one's tag, gets their own page.
            _ = try await owner.addMember("jun", role: .viewer, database: hearth.database)
            let jun = Browser(owner.client)
            try await jun.signIn("jun", "member password 1")
            #expect(try await Self.revalidate(jun, "/pets/\(pet)", tag).status == .ok)
            // Not tagged: what is not a page, and anyone not signed in.
            #expect(try await owner.get("/static/css/hearth.css").headers[.eTag] != tag)
            #expect(try await Browser(owner.client).get("/signin").headers[.eTag] == nil)
        }
    }

    @Test("no page survives a change: a record, a regimen, water, a write by the hearth command, a job in memory, the clock passing a dose's time")
    func nothingStale() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = TestClock(Self.morning)
        try await withHousehold(dataDirectory: folder, clock: clock.read) { hearth, owner in
            let pet = try await owner.addPet("Mochi")
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina", colour: .teal), photo: nil)
            try await owner.get("/regimens/new?subject=\(pet)")
            var regimen = DoseLogWebTests.heartPills
            regimen["subject"] = String(pet)
            regimen["time_1"] = "09:00"
            #expect(try await owner.post("/regimens", regimen).status == .seeOther)

            /// The home page's tag, then `change`, then the old tag asked again: the page comes anew.
            func survives(_ what: String, _ change: () async throws -> Void) async throws -> String {
                let before = try await owner.get("/")
                let tag = try #require(before.headers[.eTag])
                #expect(try await Self.revalidate(owner, "/", tag).status == .notModified, "\(what): unchanged before")
                try await change()
                let after = try await Self.revalidate(owner, "/", tag)
                #expect(after.status == .ok && after.headers[.eTag] != tag, "\(what): the page is drawn again")
                return after.text
            }

            _ = try await survives("a record") {
                try await owner.get("/pets/\(pet)/records/new?kind=weight")
                try await owner.postMultipart("/pets/\(pet)/records", ["kind": "weight", "weight": "4.2", "unit": "kg", "date": "2026-11-23", "time": "08:10"])
            }
            _ = try await survives("a regimen") {
                try await owner.get("/regimens/new?subject=\(pet)")
                var vitamins = regimen
                vitamins["name"] = "Vitamins"
                let made = try await owner.post("/regimens", vitamins)
                #expect(made.status == .seeOther)
            }
            _ = try await survives("water") {
                let added = try await owner.post("/people/\(person.id)/water", ["change": "cup", "from": "home"])
                #expect(added.status == .seeOther)
            }
            let renamed = try await survives("the hearth command, another connection to the file") {
                let commandLine = try AppDatabase.open(dataDirectory: folder)
                defer { try? commandLine.close() }
                var profile = try #require(try await PetRepository(commandLine).pet(id: pet, access: .everyone)).profile
                profile.name = "Mochi the Great"
                _ = try await PetRepository(commandLine).update(id: pet, profile, newPhoto: nil)
            }
            #expect(renamed.contains("Mochi the Great"))
            _ = try await survives("a job's progress in memory") { hearth.pageChanges.note() }

            // The clock alone: a minute later nothing a page shows has changed; at 09:00 a dose comes due.
            let tag = try #require(try await owner.get("/").headers[.eTag])
            clock.set("2026-11-22T23:31:00Z")
            #expect(try await Self.revalidate(owner, "/", tag).status == .notModified, "08:31: the same page")
            clock.set("2026-11-23T00:00:30Z")
            let due = try await Self.revalidate(owner, "/", tag)
            #expect(due.status == .ok && due.text.contains(#"data-state="due""#), "09:00: the dose is due now")
            let dueTag = try #require(due.headers[.eTag])
            clock.set("2026-11-23T02:00:30Z")
            #expect(try await Self.revalidate(owner, "/", dueTag).status == .ok, "11:00: its window has passed")
        }
    }
}
