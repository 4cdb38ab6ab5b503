import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// A clock the test moves: the household's doses are due by it.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: Date

    init(_ iso: String) { now = ISO8601DateFormatter().date(from: iso)! }

    func read() -> Date { lock.withLock { now } }
    func set(_ iso: String) { lock.withLock { now = ISO8601DateFormatter().date(from: iso)! } }
}

@Suite("Regimens and the shared dose log")
struct DoseLogWebTests {
    /// 08:30 on Monday 23 November 2026 in Seoul (the test household's zone).
    static let morning = "2026-11-22T23:30:00Z"

    static let heartPills: [String: String] = [
        "name": "Heart pills", "item_1_name": "Pimobendan", "item_1_amount": "1", "item_1_unit": "tablet", "item_1_in_hand": "30", "item_1_refill_days": "20",
        "repeat": "daily", "time_1": "08:00", "time_2": "20:00", "start": "2026-11-20", "end": "none", "remind": "on",
    ]

    @Test("a regimen with two times: due now and later; given by one member, the other sees who; one day moved; changed from now on; deleted keeps its past")
    func sharedLog() async throws {
        let clock = TestClock(Self.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let pet = try await owner.addPet("Mochi")
            try await owner.get("/regimens/new?subject=\(pet)")
            var fields = Self.heartPills
            fields["subject"] = String(pet)
            let created = try await owner.post("/regimens", fields)
            #expect(created.status == .seeOther, "\(created.text)")
            let location = try #require(created.headers[.location])
            let regimenID = try #require(Int64(location.split(separator: "/").last!))

            // The rules, each on its field, nothing saved.
            try await owner.get("/regimens/new?subject=\(pet)")
            let twice = try await owner.post("/regimens", fields)
            #expect(twice.status == .unprocessableContent && twice.text.contains("Another regimen of theirs has this name."))
            var sameTime = fields
            sameTime["name"] = "Other"
            sameTime["time_2"] = "08:00"
            #expect(try await owner.post("/regimens", sameTime).text.contains("This time is already in the list."))
            var noItem = fields
            noItem["name"] = "Other"
            noItem["item_1_name"] = ""
            noItem["item_1_amount"] = ""
            #expect(try await owner.post("/regimens", noItem).text.contains("Add at least one medicine or supplement."))
            #expect(try RegimenRepository(hearth.database).regimens(access: .everyone).count == 1)

            let doses = try await owner.get("/doses").text
            #expect(doses.contains(#"data-state="due""#) && doses.contains(#"data-state="later""#))
            #expect(doses.contains("Mochi: Heart pills") && doses.contains("due now"))
            let home = try await owner.get("/").text
            #expect(home.contains("To do") && home.contains("Pimobendan 1 tablet"))

            // Mina gives the morning dose at 08:05; Dad, a moment later, is told who did.
            try await owner.get("/doses")
            let given = try await owner.post(
                "/doses/mark", ["regimen": "\(regimenID)", "day": "2026-11-23", "time": "480", "action": "given", "at": "08:05", "back": "/doses"])
            #expect(given.status == .seeOther)
            _ = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let dad = Browser(owner.client)
            try await dad.signIn("dad", "member password 1")
            #expect(try await dad.get("/doses").text.contains("given by Mina at 08:05"))
            let late = try await dad.post("/doses/mark", ["regimen": "\(regimenID)", "day": "2026-11-23", "time": "480", "action": "given", "back": "/doses"])
            #expect(late.status == .conflict && late.text.contains("was already marked: given by Mina at 08:05"))
            // A time the regimen does not have is refused.
            let wrong = try await dad.post("/doses/mark", ["regimen": "\(regimenID)", "day": "2026-11-23", "time": "600", "action": "given"])
            #expect(wrong.status == .unprocessableContent)

            // One day only: tomorrow's evening dose moves to 21:30; the regimen stays.
            try await owner.get("/regimens/\(regimenID)")
            #expect(
                try await owner.post("/doses/change", ["regimen": "\(regimenID)", "day": "2026-11-24", "time": "1200", "action": "move", "to": "21:30"]).status
                    == .seeOther)
            let tomorrow = try await owner.get("/doses?day=2026-11-24").text
            #expect(tomorrow.contains("21:30") && tomorrow.contains("moved from 20:00"))

            // The evening: the morning dose stays given; the dose of the 21st was never marked: missed.
            clock.set("2026-11-23T11:10:00Z")  // 20:10 in Seoul
            let earlier = try await owner.get("/doses?day=2026-11-21").text
            #expect(earlier.contains("missed"))
            // Marked given later, a day's dose asks its time in the open, filled with the dose's own.
            #expect(earlier.contains(#"<input id="at-\#(regimenID)-2026-11-21-480" type="time" name="at" value="08:00"> <button class="primary""#))
            #expect(!(try await owner.get("/doses").text.contains(#"name="at" value="#)), "today's is given now unless told")
            #expect(
                try await owner.post("/doses/mark", ["regimen": "\(regimenID)", "day": "2026-11-23", "time": "1200", "action": "given"]).status == .seeOther)
            let page = try await owner.get("/regimens/\(regimenID)").text
            #expect(page.contains("This month: 25% (2 of 8 doses given)."), "20th–23rd: eight doses due by 20:10, two given")
            #expect(page.contains("29 tablet left"), "30 counted at 08:30, one given since")
            let month = try await owner.get("/calendar/2026-11").text
            #expect(month.contains("all doses given (2 of 2)") && month.contains("doses given: 0 of 2"), "the calendar marks a day whose doses were all given")
            #expect(try await owner.get("/calendar/2026-11-23").text.contains("given by Mina at 08:05"))

            // From tomorrow on, once a day at 09:00: the days before keep their two times.
            try await owner.get("/regimens/\(regimenID)/edit")
            var changed = fields
            changed["time_1"] = "09:00"
            changed["time_2"] = ""
            clock.set("2026-11-23T15:10:00Z")  // 00:10 on the 24th
            #expect(try await owner.post("/regimens/\(regimenID)", changed).status == .seeOther)
            let before = try await owner.get("/doses?day=2026-11-22").text
            #expect(before.contains("08:00") && before.contains("20:00"))
            let after = try await owner.get("/doses?day=2026-11-25").text
            #expect(after.contains("09:00") && !after.contains("20:00"))

            // Deleted: off the lists, but the days before still show what was due and given.
            #expect(try await owner.post("/regimens/\(regimenID)/delete", [:]).status == .seeOther)
            #expect(!(try await owner.get("/regimens").text.contains("Heart pills")))
            let past = try await owner.get("/doses?day=2026-11-23").text
            #expect(past.contains("Heart pills") && past.contains("given by Mina at 08:05"))
            #expect(!(try await owner.get("/doses?day=2026-11-26").text.contains("Heart pills")))
        }
    }

    @Test("two members marking one dose at the same moment make one dose, and the second reads who gave it")
    func simultaneous() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Mochi")
            let dad = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let regimens = RegimenRepository(hearth.database)
            let id = try await regimens.create(
                subjectID: pet,
                RegimenInput(
                    name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-11-01")!)))
            let day = LocalDate("2026-11-23")!
            for _ in 0..<20 {
                try await regimens.undo(regimenID: id, day: day, time: 480)
                async let first = regimens.mark(regimenID: id, day: day, time: 480, status: .given, givenAt: Date(), reason: nil, accountID: mina)
                async let second = regimens.mark(regimenID: id, day: day, time: 480, status: .given, givenAt: Date(), reason: nil, accountID: dad)
                let results = try await [first, second]
                #expect(results.filter { $0 == .recorded }.count == 1)
                let already = results.compactMap { if case .already(let dose) = $0 { dose } else { nil } }
                #expect(already.count == 1 && ["Mina", "Dad"].contains(already.first?.by ?? ""))
                #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dose") } == 1)
            }
        }
    }

    @Test("an as-needed dose inside its minimum interval is warned about, and can still be given")
    func asNeeded() async throws {
        let clock = TestClock(Self.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let pet = try await owner.addPet("Mochi")
            try await owner.get("/regimens/new?subject=\(pet)")
            let created = try await owner.post(
                "/regimens",
                [
                    "subject": "\(pet)", "name": "Pain relief", "item_1_name": "Meloxicam", "item_1_amount": "0.5", "item_1_unit": "ml",
                    "item_1_mg_per_kg": "0.05",
                    "repeat": "as_needed", "minimum_hours": "24", "start": "2026-11-20",
                ])
            #expect(created.status == .seeOther, "\(created.text)")
            let id = try #require(try RegimenRepository(hearth.database).regimens(access: .everyone).first?.id)
            let page = try await owner.get("/doses").text
            #expect(page.contains("As needed, at least 24 h apart") && page.contains("Given now"))
            #expect(try await owner.post("/doses/mark", ["regimen": "\(id)", "day": "2026-11-23", "action": "given"]).status == .seeOther)
            clock.set("2026-11-23T02:30:00Z")  // three hours later
            try await owner.get("/doses")
            let warned = try await owner.post("/doses/mark", ["regimen": "\(id)", "day": "2026-11-23", "action": "given"])
            #expect(warned.status == .conflict && warned.text.contains("The last dose was at 08:30; at least 24 h should pass, so the next is from 08:30"))
            #expect(try await owner.post("/doses/mark", ["regimen": "\(id)", "day": "2026-11-23", "action": "given", "confirm": "yes"]).status == .seeOther)
            #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dose WHERE status = 'given'") } == 2)
            #expect(try await owner.get("/regimens/\(id)").text.contains("0.05 mg/kg (record a weight to work out the dose)"))
        }
    }
}
