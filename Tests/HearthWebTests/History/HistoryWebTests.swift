import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("The history on the pages")
struct HistoryWebTests {
    @Test(
        "a meal saved, changed and deleted on the pages: its edit form says who changed the amount from what to what, and the owner's activity page has every step"
    )
    func recordHistory() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let meal = [
                "kind": "meal", "new_food_name": "Kibble", "new_food_kind": "food", "amount": "60", "amount_unit": "g", "outcome": "all",
                "date": "2026-11-20", "time": "08:12",
            ]
            try await owner.get("/pets/\(bori)/records/new?kind=meal")
            #expect(try await owner.postMultipart("/pets/\(bori)/records", meal).status == .seeOther)
            let id = try #require(try hearth.database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM entry") })
            let food = try #require(
                try hearth.database.read { db in try Int64.fetchOne(db, sql: "SELECT food_id FROM meal_entry WHERE entry_id = ?", arguments: [id]) })
            try await owner.get("/records/\(id)/edit")
            var changed = meal
            (changed["amount"], changed["food_id"], changed["new_food_name"]) = ("80", String(food), nil)
            #expect(try await owner.postMultipart("/records/\(id)", changed.compactMapValues { $0 }).status == .seeOther)

            let form = try await owner.get("/records/\(id)/edit").text
            #expect(form.contains("<h2 id=\"change-log\">Changes</h2>"))
            #expect(form.contains("Mina: added</li>"), "the first save, its fields on the form above")
            #expect(form.contains("Mina: changed — amount 60 → 80"), "\(form.components(separatedBy: "change-log").last ?? "")")

            try await owner.post("/records/\(id)/delete", [:])
            let activity = try await owner.get("/activity").text
            // Whose, and what the record was, as its timeline says it: the line of a deleted meal names it.
            #expect(activity.contains(#"<span class="about">Bori · Meal — Kibble · 80 g · Ate it all · Fri 20 Nov 08:12</span>"#), "\(activity.prefix(0))")
            #expect(activity.contains("</span><br>Mina: moved to the bin"))
            #expect(activity.contains("</span><br>Mina: changed — amount 60 → 80"))
            // The bin says the same, with who deleted it.
            let bin = try await owner.get("/bin").text
            #expect(bin.contains("Bori · <strong>Meal</strong> — Kibble · 80 g · Ate it all · "), "\(bin.prefix(0))")
            #expect(bin.contains(" by Mina"))
            let filtered = try await owner.get("/activity?kind=regimen").text
            #expect(!filtered.contains("Mina: changed — amount"), "the kind filter")
            #expect(try await owner.get("/activity?member=999").status == .notFound)
            #expect(try await owner.get("/activity?day=2026-13-01").status == .badRequest)
        }
    }

    @Test("in Korean, a weight changed reads 값 4.8 → 5, by the member who changed it")
    func korean() async throws {
        try await withHearth { hearth, client in
            let owner = Browser(client)
            try await owner.setUpHousehold(language: "ko")
            let tori = try await owner.addPet("토리", species: "dog")
            try await owner.get("/pets/\(tori)/records/new?kind=weight")
            let weight = ["kind": "weight", "weight": "4.8", "unit": "kg", "date": "2026-11-20", "time": "08:00"]
            #expect(try await owner.postMultipart("/pets/\(tori)/records", weight).status == .seeOther)
            let id = try #require(try hearth.database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM entry") })
            try await owner.get("/records/\(id)/edit")
            var heavier = weight
            heavier["weight"] = "5"
            #expect(try await owner.postMultipart("/records/\(id)", heavier).status == .seeOther)
            let form = try await owner.get("/records/\(id)/edit").text
            #expect(form.contains("변경 기록"))
            #expect(form.contains("Mina: 변경 — 값 4.8 → 5"), "\(form.components(separatedBy: "change-log").last ?? "")")
        }
    }

    @Test("a dose given, taken back and skipped: the dose list, the regimen's page and the month's report show it skipped, marked as changed")
    func doseChanged() async throws {
        let clock = TestClock(DoseLogWebTests.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let pet = try await owner.addPet("Mochi")
            try await owner.get("/regimens/new?subject=\(pet)")
            var fields = DoseLogWebTests.heartPills
            fields["subject"] = String(pet)
            let regimen = try #require(try await owner.post("/regimens", fields).location?.split(separator: "/").last.map(String.init))
            try await owner.get("/doses")
            let dose = ["regimen": regimen, "day": "2026-11-23", "time": "480", "back": "/doses"]
            #expect(try await owner.post("/doses/mark", dose.merging(["action": "given"]) { $1 }).status == .seeOther)
            #expect(!(try await owner.get("/doses").text.contains("changed")), "marked once is not changed")
            #expect(try await owner.post("/doses/mark", dose.merging(["action": "undo"]) { $1 }).status == .seeOther)
            #expect(try await owner.post("/doses/mark", dose.merging(["action": "skipped", "reason": "vomited"]) { $1 }).status == .seeOther)
            let list = try await owner.get("/doses").text
            #expect(list.contains("skipped by Mina — vomited · changed"), "\(list.prefix(4000))")
            #expect(list.contains(#"<details class="doses-done"><summary>Given or skipped: 1</summary>"#), "what is done is folded")
            let steps = try await owner.get("/regimens/\(regimen)").text.components(separatedBy: "change-log").last ?? ""
            #expect(steps.contains("given") && steps.contains("vomited"), "the regimen's page has each step: \(steps.prefix(3000))")
            let report = try await owner.get("/reports/\(pet)/2026-11").text
            #expect(report.contains("1 changed after marking") && report.contains("(vomited, changed)"), "\(report.prefix(6000))")
        }
    }
}
