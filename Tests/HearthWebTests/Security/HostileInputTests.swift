import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// What an attack run found getting through (issue 8): files that killed the server,
/// and input that was saved as something other than what was sent.
@Suite("Hostile input over HTTP")
struct HostileInputTests {
    @Test("a PNG claiming 4294967295 × 4294967295 gets the form back with a message; the server keeps answering")
    func overflowingPhoto() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=diary")
            let boom = PetsTests.pngClaiming(width: .max, height: .max)
            let response = try await owner.postMultipart(
                "/pets/\(nabi)/records", ["kind": "diary", "title": "Boom", "date": "2026-11-20", "time": "10:00"],
                files: [("photos", "boom.png", boom)])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("“boom.png”: "))
            #expect(response.text.contains("4294967295×4294967295 pixels"))
            #expect(try await owner.get("/healthz").status == .ok)
            #expect(try await EntryRepository(hearth.database).timeline(subjectID: nabi).isEmpty)
        }
    }

    /// Sends a url-encoded body exactly as given (the test browser would encode it again).
    func postRaw(_ owner: Browser, _ path: String, _ body: String) async throws -> TestResponse {
        try await owner.send(
            path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .accept: "text/html"],
            body: ByteBuffer(string: body + "&_csrf=\(owner.csrf!)"))
    }

    @Test("a note that is not UTF-8, or holds a NUL, is refused on its field, not saved as less", arguments: ["%FF%FE", "%C0%BC", "%ED%A0%80", "a%00b"])
    func undecodableNote(note: String) async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            let response = try await postRaw(owner, "/pets/\(nabi)/records", "kind=weight&weight=4&unit=kg&date=2026-11-20&time=08:00&note=\(note)")
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Some characters did not arrive as typed"))
            #expect(try await EntryRepository(hearth.database).timeline(subjectID: nabi).isEmpty, "nothing saved")
        }
    }

    @Test(
        "weights written as hex, exponents, inf or nan, or in units not offered, are refused",
        arguments: [
            ("weight=0x10&unit=kg", "This is not a number."), ("weight=1e3&unit=kg", "This is not a number."),
            ("weight=inf&unit=kg", "This is not a number."), ("weight=nan&unit=kg", "This is not a number."),
            ("weight=4&unit=stone", "Choose from the list."),
        ])
    func oddNumbers(fields: String, message: String) async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            let response = try await postRaw(owner, "/pets/\(nabi)/records", "kind=weight&\(fields)&date=2026-11-20&time=08:00")
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(message))
            #expect(try await EntryRepository(hearth.database).timeline(subjectID: nabi).isEmpty, "nothing saved")
            // A comma groups thousands: "4,5" is asked about, "4.5" is saved as sent.
            let asked = try await postRaw(owner, "/pets/\(nabi)/records", "kind=weight&weight=4%2C5&unit=kg&date=2026-11-20&time=08:00")
            #expect(asked.status == .unprocessableContent)
            #expect(asked.text.contains("For a decimal, write 4.5."))
            let saved = try await postRaw(owner, "/pets/\(nabi)/records", "kind=weight&weight=4.5&unit=kg&date=2026-11-20&time=08:00")
            #expect(saved.status == .seeOther)
        }
    }

    @Test(
        "a name or note with characters that turn text around or take no room is refused on its field",
        arguments: ["%E2%80%AEgpj.exe", "Na%E2%80%8Bbi", "%E2%81%A6x%E2%81%A9", "%EF%BB%BFNabi"])
    func disguisedText(note: String) async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            let response = try await postRaw(owner, "/pets/\(nabi)/records", "kind=weight&weight=4&unit=kg&date=2026-11-20&time=08:00&note=\(note)")
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("invisible or direction-changing characters"))
            #expect(try await EntryRepository(hearth.database).timeline(subjectID: nabi).isEmpty, "nothing saved")
            // Emoji joined by a zero-width joiner are text people type.
            let family = try await postRaw(
                owner, "/pets/\(nabi)/records", "kind=weight&weight=4&unit=kg&date=2026-11-20&time=08:00&note=%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9")
            #expect(family.status == .seeOther)
        }
    }

    @Test("a search with a NUL is said on the box (4xx), not a server error")
    func searchWithNUL() async throws {
        try await withHousehold { _, owner in
            let response = try await owner.get("/search?q=a%00b")
            #expect(response.status == .badRequest)
            #expect(response.text.contains("Some characters did not arrive as typed"))
        }
    }

    @Test("the calendar's first and last months, and a month past them, answer without a crash")
    func calendarEnds() async throws {
        try await withHousehold { _, owner in
            for month in ["0001-01", "9999-12", "0000-12", "10000-01"] {
                let response = try await owner.get("/calendar/\(month)")
                #expect(response.status.code < 500, "\(month): \(response.status)")
            }
            #expect(try await owner.get("/calendar/0001-01").status == .ok)
        }
    }
}
