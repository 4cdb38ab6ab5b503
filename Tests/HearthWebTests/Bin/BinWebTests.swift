import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("The bin")
struct BinWebTests {
    /// A walk saved once for two dogs: the ids of both copies.
    static func walkForTwo(_ owner: Browser, _ hearth: Hearth) async throws -> (bori: Int64, kkami: Int64, records: [Int64]) {
        let bori = try await owner.addPet("Bori", species: "dog")
        let kkami = try await owner.addPet("Kkami", species: "dog")
        try await owner.get("/pets/\(bori)/records/new?kind=walk")
        let saved = try await owner.postMultipart(
            "/pets/\(bori)/records", ["kind": "walk", "activity": "walk", "minutes": "30", "date": "2026-11-20", "time": "08:00", "also_\(kkami)": "on"])
        #expect(saved.status == .seeOther)
        let records = try hearth.database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM entry ORDER BY id") }
        #expect(records.count == 2)
        return (bori, kkami, records)
    }

    @Test(
        "'모두 삭제' then put back from the bin, from either pet's side: every copy comes back; putting back twice says so and changes nothing", arguments: [0, 1])
    func sharedRecord(side: Int) async throws {
        try await withHousehold { hearth, owner in
            let (_, _, records) = try await Self.walkForTwo(owner, hearth)
            try await owner.get("/records/\(records[side])/edit")
            #expect(try await owner.post("/records/\(records[side])/delete?all=1", [:]).status == .seeOther)
            let live = { try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE deleted_at IS NULL") ?? -1 } }
            #expect(try live() == 0)
            let bin = try await owner.get("/bin").text
            // Whose, what it was as its timeline says it (the kind in bold, not escaped), and who deleted it.
            #expect(bin.firstMatch(of: /(Bori|Kkami) · <strong>Walk<\/strong> — \d+ min/) != nil, "\(bin.prefix(0))")
            #expect(bin.contains(" by Mina"))
            #expect(bin.contains("2 together"), "one line for both copies")
            let id = try #require(bin.firstMatch(of: /name="kind" value="entry"><input type="hidden" name="id" value="(\d+)"/)?.output.1)
            #expect(try await owner.post("/bin/put-back", ["kind": "entry", "id": String(id)]).status == .seeOther)
            #expect(try live() == 2, "both pets' copies are back")
            #expect(try await owner.get("/bin").text.contains("The bin is empty."))
            let again = try await owner.post("/bin/put-back", ["kind": "entry", "id": String(id)])
            #expect(again.status == .conflict && again.text.contains("already put back"))
        }
    }

    @Test("deleting one pet's copy of a shared walk says the other's stays, naming it, and offers to delete it too")
    func oneCopy() async throws {
        try await withHousehold { hearth, owner in
            let (bori, _, records) = try await Self.walkForTwo(owner, hearth)
            try await owner.get("/pets/\(bori)/timeline")
            let deleted = try await owner.post("/records/\(records[0])/delete", [:])
            #expect(deleted.location == "/pets/\(bori)/timeline?deleted=\(records[0])")
            let page = try await owner.get(deleted.location ?? "").text
            #expect(page.contains("The same record of Kkami, saved together, is still there."))
            #expect(page.contains(#"formaction="/records/\#(records[1])/delete?all=1""#))
            #expect(try await owner.post("/records/\(records[1])/delete?all=1", [:]).status == .seeOther)
            let live = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE deleted_at IS NULL") }
            #expect(live == 0)
        }
    }

    @Test("a viewer sees the bin but cannot put back; a limited member sees only their subjects' deleted records; the owner empties it for good")
    func roles() async throws {
        try await withHousehold { hearth, owner in
            let (bori, _, records) = try await Self.walkForTwo(owner, hearth)
            try await owner.get("/records/\(records[0])/edit")
            try await owner.post("/records/\(records[0])/delete?all=1", [:])
            try await owner.addMember("grandma", role: .viewer, database: hearth.database)
            let viewer = Browser(owner.client)
            try await viewer.signIn("grandma", "member password 1")
            let seen = try await viewer.get("/bin")
            #expect(seen.status == .ok && seen.text.contains("Walk") && !seen.text.contains("Put back"))
            #expect(try await viewer.post("/bin/put-back", ["kind": "entry", "id": String(records[0])]).status == .forbidden)

            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([bori]), accountID: sitter)
            let limited = Browser(owner.client)
            try await limited.signIn("sitter", "member password 1")
            let theirs = try await limited.get("/bin").text
            #expect(theirs.contains("Bori") && !theirs.contains("Kkami"), "Kkami's copy is not the sitter's to see")

            #expect(try await owner.post("/bin/empty", [:]).status == .seeOther)
            #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") } == 0, "gone for good")
            let history = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM history WHERE tbl = 'entry' AND action = 'delete'") }
            #expect(history == 2, "the history keeps that they went")
        }
    }

    @Test("the daily clean-up removes only what is older than the owner's days, with an injected clock")
    func retention() async throws {
        try await withHousehold { hearth, owner in
            let (_, _, records) = try await Self.walkForTwo(owner, hearth)
            let entries = EntryRepository(hearth.database)
            let start = Date(timeIntervalSince1970: 1_767_225_600)
            try await entries.delete(id: records[0], now: start)
            try await entries.delete(id: records[1], now: start.addingTimeInterval(20 * 86_400))
            let bin = BinRepository(hearth.database)
            #expect(try bin.keeping() == .standard)
            try await bin.empty(deletedBefore: BinCleanup.cutoff(now: start.addingTimeInterval(31 * 86_400), days: try bin.keeping().binDays))
            let left = try hearth.database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM entry") }
            #expect(left == [records[1]], "30 days kept the later one")
        }
    }

    @Test(
        "the owner sets how long the bin and the history keep things (a bad number or choice is refused on its field, nothing changed); the clean-up forgets only history older than the years set"
    )
    func keeping() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/settings")
            let bin = BinRepository(hearth.database)
            let bad = try await owner.post("/settings/keeping", ["bin_days": "0", "history_years": "7"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("Enter a number from 1 to 365.") && bad.text.contains("Choose from the list."), "each field says what is wrong")
            #expect(try bin.keeping() == .standard)
            #expect(try await owner.post("/settings/keeping", ["bin_days": "60 days", "history_years": "1"]).status == .seeOther)
            #expect(try bin.keeping() == Keeping(binDays: 60, historyYears: 1))
            let page = try await owner.get("/settings?saved=keeping").text
            #expect(page.contains(#"value="60""#) && page.contains(#"<option value="1" selected>"#))
            let changed = try HistoryRepository(hearth.database).activity(access: .everyone, filter: .init(), timeZone: .gmt, limit: 5)
            #expect(changed.first?.table == "household", "the change of setting is itself in the history")

            let history = HistoryRepository(hearth.database)
            let rows = try history.size().rows
            #expect(rows > 0)
            let now = Date()
            #expect(try await BinCleanup.forgetHistory(history, keeping: .standard, now: now.addingTimeInterval(5 * 365 * 86_400)) == 0, "kept for good")
            #expect(try await BinCleanup.forgetHistory(history, keeping: try bin.keeping(), now: now.addingTimeInterval(300 * 86_400)) == 0, "not a year old")
            #expect(try await BinCleanup.forgetHistory(history, keeping: try bin.keeping(), now: now.addingTimeInterval(367 * 86_400)) == rows)
            #expect(try history.size().rows == 0)
        }
    }

    @Test("a record put back whose pet is archived: the bin says so and brings the pet back too with one tap")
    func archivedPet() async throws {
        try await withHousehold { hearth, owner in
            let (bori, _, records) = try await Self.walkForTwo(owner, hearth)
            try await EntryRepository(hearth.database).delete(id: records[0])
            try await PetRepository(hearth.database).setArchived(true, id: bori)
            try await owner.get("/bin")
            let back = try await owner.post("/bin/put-back", ["kind": "entry", "id": String(records[0])])
            #expect(back.location == "/bin?done=put-back&archived=\(bori)")
            let page = try await owner.get(try #require(back.location)).text
            #expect(page.contains("Bori is archived") && page.contains(#"action="/pets/\#(bori)/unarchive""#), "\(page.prefix(3000))")
            #expect(try await owner.post("/pets/\(bori)/unarchive", [:]).status == .seeOther)
            #expect(try await PetRepository(hearth.database).pet(id: bori, access: .everyone)?.isArchived == false)
        }
    }

    @Test(
        "a put-back racing a delete or the bin's emptying: every answer is in words (never 500), and the copies of a shared record end all live, all in the bin or all gone"
    )
    func raced() async throws {
        try await withHousehold { hearth, owner in
            let (_, _, records) = try await Self.walkForTwo(owner, hearth)
            try await owner.addMember("dad", role: .adult, database: hearth.database)
            let dad = Browser(owner.client)
            try await dad.signIn("dad", "member password 1")
            try await dad.get("/bin")
            try await owner.get("/bin")
            let states = {
                try hearth.database.read { db in
                    try String.fetchAll(db, sql: "SELECT CASE WHEN deleted_at IS NULL THEN 'live' ELSE 'bin' END FROM entry ORDER BY id")
                }
            }
            for round in 0..<12 {
                if try states() == ["live", "live"] {
                    #expect(try await owner.post("/records/\(records[0])/delete?all=1", [:]).status == .seeOther)
                }
                // Both copies in the bin; dad puts the walk back while the owner deletes it again or empties the bin.
                async let back = dad.post("/bin/put-back", ["kind": "entry", "id": String(records[round % 2])])
                async let other =
                    round % 3 == 2
                    ? owner.post("/bin/empty", [:]) : owner.post("/records/\(records[1 - round % 2])/delete?all=1", [:])
                let answers = [try await back.status, try await other.status]
                #expect(answers.allSatisfy { [.seeOther, .notFound, .conflict].contains($0) }, "round \(round): \(answers)")
                let now = try states()
                #expect(now == ["live", "live"] || now == ["bin", "bin"] || now.isEmpty, "round \(round): \(now)")
                if now.isEmpty { break }
            }
        }
    }
}
