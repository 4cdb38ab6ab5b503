import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// What the phone's outbox relies on: a keyed request is written once however often it
/// is sent, and a form sent late keeps the moment it was typed.
@Suite("Sent again, written once")
struct OutboxServerTests {
    func key() -> String { UUID().uuidString }

    @Test("the same key twice (a reply lost on the way back): one cup, the first answer again; a key on another form is refused; a new key writes")
    func waterOnce() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina"), photo: nil)
            try await owner.get("/people/\(person.id)")
            let sent = key()
            let first = try await owner.post("/people/\(person.id)/water?idempotency_key=\(sent)", ["change": "cup"])
            #expect(first.status == .seeOther)
            let again = try await owner.post("/people/\(person.id)/water?idempotency_key=\(sent)", ["change": "cup"])
            #expect(again.status == .seeOther && again.location == first.location)
            #expect(again.headers[HeaderName("Idempotent-Replayed")!] == "true")
            let byHeader = try await owner.post("/people/\(person.id)/water", ["change": "cup"], headers: [HeaderName("Idempotency-Key")!: sent])
            #expect(byHeader.headers[HeaderName("Idempotent-Replayed")!] == "true")
            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            #expect(try DailyRepository(hearth.database).water(subjectID: person.id, on: today).drankML == 250, "one cup, not three")
            // The same key on another form: refused, nothing written.
            let other = try await owner.post("/people/\(person.id)/steps?idempotency_key=\(sent)", ["steps": "5000"])
            #expect(other.status == .unprocessableContent)
            #expect(try await owner.post("/people/\(person.id)/water?idempotency_key=\(key())", ["change": "cup"]).status == .seeOther)
            #expect(try DailyRepository(hearth.database).water(subjectID: person.id, on: today).drankML == 500)
            // Keys are each member's own: another member's same key is another request, and writes.
            _ = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let dad = Browser(owner.client)
            try await dad.signIn("dad", "member password 1")
            try await dad.get("/people/\(person.id)")
            let dads = try await dad.post("/people/\(person.id)/water?idempotency_key=\(sent)", ["change": "cup"])
            #expect(dads.status == .seeOther && dads.headers[HeaderName("Idempotent-Replayed")!] == nil)
            #expect(try DailyRepository(hearth.database).water(subjectID: person.id, on: today).drankML == 750)
            // A key that is no key: refused, nothing written.
            #expect(try await owner.post("/people/\(person.id)/water?idempotency_key=bad", ["change": "cup"]).status == .badRequest)
            #expect(try DailyRepository(hearth.database).water(subjectID: person.id, on: today).drankML == 750)
        }
    }

    @Test("a refusal is answered again the same way; a request that failed before writing is tried again")
    func refusalsAndFailures() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina"), photo: nil)
            try await owner.get("/people/\(person.id)")
            let sent = key()
            let refused = try await owner.post("/people/\(person.id)/water?idempotency_key=\(sent)", ["ml": "99999"])
            #expect(refused.status == .unprocessableContent)
            let again = try await owner.post("/people/\(person.id)/water?idempotency_key=\(sent)", ["ml": "99999"])
            #expect(again.status == .unprocessableContent && CompressionTests.unmasked(again.text) == CompressionTests.unmasked(refused.text))
            // A person that is not there: thrown before anything is written, so the key is free again.
            let missing = key()
            #expect(try await owner.post("/people/999/water?idempotency_key=\(missing)", ["change": "cup"]).status == .notFound)
            let rows = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sent_request WHERE key = ?", arguments: [missing]) }
            #expect(rows == 0)
        }
    }

    @Test("two phones mark the same dose offline: one row, and the second is told who gave it and when")
    func doseTwice() async throws {
        let clock = TestClock(DoseLogWebTests.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let pet = try await owner.addPet("Mochi")
            try await owner.get("/regimens/new?subject=\(pet)")
            var fields = DoseLogWebTests.heartPills
            fields["subject"] = String(pet)
            let regimen = try #require(try await owner.post("/regimens", fields).location?.split(separator: "/").last.map(String.init))
            _ = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let dad = Browser(owner.client)
            try await dad.signIn("dad", "member password 1")
            try await dad.get("/doses")
            try await owner.get("/doses")
            let mark = ["regimen": regimen, "day": "2026-11-23", "time": "480", "action": "given", "back": "/doses"]
            let typed: HTTPFields = [HeaderName("Hearth-Typed-At")!: "2026-11-22T23:05:00Z"]  // 08:05 in Seoul
            let first = try await owner.post("/doses/mark?idempotency_key=\(key())", mark, headers: typed)
            #expect(first.status == .seeOther)
            let second = try await dad.post("/doses/mark?idempotency_key=\(key())", mark, headers: typed)
            #expect(second.status == .conflict && second.text.contains("given by Mina at 08:05"), "\(second.text.prefix(3000))")
            let rows = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dose") }
            #expect(rows == 1)
            // A moment in the future is not believed: the dose of 20:00 given "at 21:00" while it is 08:30 is given now.
            let evening = ["regimen": regimen, "day": "2026-11-23", "time": "1200", "action": "given", "back": "/doses"]
            let future: HTTPFields = [HeaderName("Hearth-Typed-At")!: "2026-11-23T12:00:00Z"]
            #expect(try await owner.post("/doses/mark?idempotency_key=\(key())", evening, headers: future).status == .seeOther)
            #expect(try await dad.get("/doses").text.contains("given by Mina at 08:30"))
        }
    }

    @Test("the same key with another body is refused (a walk sent with a diary's key is not lost as the diary's answer)")
    func sameKeyOtherBody() async throws {
        try await APICallTests.withAPI { hearth, api, ids in
            let sent: HTTPFields = [HeaderName("Idempotency-Key")!: key()]
            let diary = try await api.call(
                .post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"kind": "diary", "fields": {"title": "Sunny"}}"#, headers: sent)
            #expect(diary.status == .created)
            let again = try await api.call(
                .post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"kind": "diary", "fields": {"title": "Sunny"}}"#, headers: sent)
            #expect(again.status == .created && again.headers[HeaderName("Idempotent-Replayed")!] == "true")
            let walk = try await api.call(.post, "/api/v1/subjects/\(ids.pet)/records", json: #"{"kind": "walk", "fields": {"minutes": "30"}}"#, headers: sent)
            #expect(walk.status == .unprocessableContent, "\(walk.status)")
            let rows = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") }
            #expect(rows == 1, "the diary once, and no walk written under its key")
        }
    }

    @Test("a page that shows a token once is not kept for a repeat: the repeat goes to the tokens, and no table holds the token")
    func secretsAreNotKept() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/me")
            let sent = key()
            let made = try await owner.post("/me/tokens?idempotency_key=\(sent)", ["name": "kitchen tablet", "scope": "admin"])
            #expect(made.status == .ok)
            let token = try #require(made.text.firstMatch(of: /hearth_[A-Za-z0-9_-]+/).map { String($0.output) })
            let again = try await owner.post("/me/tokens?idempotency_key=\(sent)", ["name": "kitchen tablet", "scope": "admin"])
            #expect(again.status == .seeOther && again.location == "/me#tokens" && !again.text.contains(token))
            let kept = try hearth.database.read { db in
                try Data.fetchAll(db, sql: "SELECT body FROM sent_request WHERE body IS NOT NULL").map { String(decoding: $0, as: UTF8.self) }
            }
            #expect(!kept.contains { $0.contains(token) }, "the token is kept nowhere")
            #expect(try APITokenRepository(hearth.database).tokens(accountID: 1).count == 1, "made once")
        }
    }

    @Test("a key left unanswered by a server that stopped is free again when it starts, so the outbox's repeat is written")
    func unansweredKeyAtStart() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sent = key()
        let person = try await withHousehold(dataDirectory: folder) { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina"), photo: nil)
            // What a killed server leaves: the key claimed, no answer.
            _ = try await SentRequestRepository(hearth.database).claim(accountID: 1, key: sent, method: "POST", path: "/people/\(person.id)/water")
            return person.id
        }
        try await withHearth(dataDirectory: folder) { hearth, client in
            let owner = Browser(client)
            try await owner.signIn("mina", ownerPassword)
            try await owner.get("/people/\(person)")
            let repeated = try await owner.post("/people/\(person)/water?idempotency_key=\(sent)", ["change": "cup"])
            #expect(repeated.status == .seeOther, "\(repeated.status)")
            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            #expect(try DailyRepository(hearth.database).water(subjectID: person, on: today).drankML == 250)
        }
    }
}
