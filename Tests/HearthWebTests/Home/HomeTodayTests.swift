import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("The home page is today")
struct HomeTodayTests {
    @Test("each pet's records so far and latest weight, each person's steps against the goal")
    func today() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            try await owner.get("/pets/\(bori)/records/new?kind=weight")
            try await owner.postMultipart(
                "/pets/\(bori)/records", ["kind": "weight", "weight": "12.5", "unit": "kg", "date": today.description, "time": "00:05"])
            try await owner.postMultipart(
                "/pets/\(bori)/records", ["kind": "diary", "title": "Park", "date": today.description, "time": "00:06"],
                files: [("photos", "park.jpg", try fixture("exif-orientation/Landscape_1.jpg"))])
            let mina = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina", colour: .teal), photo: nil)
            try await DailyRepository(hearth.database).setGoals(DailyGoals(steps: 10000), subjectID: mina.id, from: today)
            try await DailyRepository(hearth.database).setSteps(6200, subjectID: mina.id, on: today)
            let home = try await owner.get("/").text
            #expect(home.contains("Weight ×1 · Diary ×1"), "Bori's records so far, by kind")
            #expect(home.contains("Weight ×1 · Diary ×1 · 12.5 kg"))
            #expect(home.contains("6,200 of 10,000 steps"))
            #expect(home.contains(#"href="/calendar/\#(today)""#) && home.contains(#"href="/people/\#(mina.id)""#))
        }
    }

    @Test("a care home's many people: home gives the first eight a row, the member's own person among them, and links the rest")
    func manyPeople() async throws {
        try await withHousehold { hearth, owner in
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina"))
            let people = PersonRepository(hearth.database)
            var ids: [Int64] = []
            for number in 1...11 {
                ids.append(try await people.create(PersonProfile(name: "Resident \(number)", accountID: number == 11 ? mina.id : nil), photo: nil).id)
            }
            let home = try await owner.get("/").text
            let rows = ids.filter { home.contains(#"href="/people/\#($0)""#) }
            #expect(rows.count == 8, "\(rows)")
            #expect(rows.contains(ids[10]), "Mina's own person keeps its row")
            #expect(home.contains(#"<a href="/people">3 more people — see all</a>"#))
            #expect(!home.contains("more pets"))
        }
    }

    @Test("one list of what needs doing: due now, then overdue by days, then later, each in time order; home shows three and the rest on /today")
    func todoList() async throws {
        let clock = TestClock("2026-11-27T00:30:00Z")  // 09:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let routines = RoutineRepository(hearth.database)
            let today = LocalDate("2026-11-27")!
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let daily = { (name: String, times: [Int], start: LocalDate, every: Int) in
                RoutineInput(name: name, subjectID: nil, schedule: CareSchedule(repeatRule: .everyDays(every), times: times, start: start))
            }
            for (name, times, start, every) in [
                ("Noon pills", [12 * 60], today, 1), ("Filter change", [], today.adding(days: -3), 30), ("Litter box", [], today, 1),
                ("Eleven check", [11 * 60], today, 1), ("Brush", [], today.adding(days: -10), 30),
            ] {
                _ = try await routines.create(daily(name, times, start, every), by: mina, now: clock.read())
            }
            let all = try await owner.get("/today").text
            let order = ["Litter box", "Brush", "Filter change", "Eleven check", "Noon pills"]
            let places = order.map { all.range(of: $0)?.lowerBound }
            #expect(places.allSatisfy { $0 != nil }, "every one on /today")
            #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "due now, overdue (the longest first), then later by time")
            let home = try await owner.get("/").text
            #expect(home.contains("Litter box") && home.contains("Brush") && home.contains("Filter change"))
            #expect(!home.contains("Eleven check") && !home.contains("Noon pills"))
            #expect(home.contains(#"<a href="/today">2 more</a>"#))
            // The reminder script's share: home's three rows alone.
            let part = try await owner.get("/today?part=home").text
            #expect(part.hasPrefix("<li") && part.contains("Filter change") && !part.contains("Eleven check") && !part.contains("<html"))
        }
    }

    @Test(
        "a pet's usual meal in one tap on home: the food and amount given most often, never a treat, saved, said, and taken back by undo; the meal form starts with it; a food typed wins over the list's; a food not for a pet ticked too is refused naming it"
    )
    func usualMeal() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            #expect(!(try await owner.get("/").text.contains("Usual meal")), "no meal yet, nothing to offer")
            try await owner.get("/pets/\(bori)/records/new?kind=meal")
            try await owner.postMultipart(
                "/pets/\(bori)/records",
                [
                    "kind": "meal", "new_food_name": "Kibble", "new_food_kind": "food", "amount": "140", "amount_unit": "g", "outcome": "some",
                    "date": today.description, "time": "07:00",
                ])
            let form = try await owner.get("/pets/\(bori)/records/new?kind=meal").text
            #expect(form.contains(#"name="amount" inputmode="decimal" value="140""#), "the form starts with her usual amount")
            let home = try await owner.get("/").text
            #expect(
                home.contains(
                    #"<span class="visually-hidden">Usual meal: </span><span class="usual-food">Kibble</span> <span class="usual-amount">140 g</span></button>"#
                ))
            let food = try #require(home.firstMatch(of: /name="food_id" value="(\d+)"/)?.output.1)
            let tap = try await owner.post(
                "/pets/\(bori)/records",
                [
                    "from": "home", "kind": "meal", "food_id": String(food), "amount": "140", "amount_unit": "g", "outcome": "all",
                    "date": today.description, "time": "08:00",
                ])
            #expect(tap.status == .seeOther)
            let location = try #require(tap.location)
            let logged = try #require(location.firstMatch(of: /^\/\?logged=(\d+)$/)?.output.1)
            let id = try #require(Int64(logged))
            let said = try await owner.get(location).text
            #expect(said.contains("Bori: Meal — Kibble · 140 g · Ate it all recorded."), "\(said.firstMatch(of: /notice did[^<]*<[^<]*/)?.output ?? "")")
            let undo = try await owner.post("/records/\(id)/delete?from=home", [:])
            #expect(undo.location == "/?undone=record")
            #expect(try await owner.get("/?undone=record").text.contains("Undone."))
            #expect(try await EntryRepository(hearth.database).entry(id: id)?.deletedAt != nil)
            // A treat typed below the list's usual food is the treat; the usual meal stays the food given most often.
            func meal(_ fields: [String: String], at time: String) async throws -> HTTPResponse.Status {
                try await owner.postMultipart(
                    "/pets/\(bori)/records", ["kind": "meal", "outcome": "all", "date": today.description, "time": time].merging(fields) { $1 }
                ).status
            }
            #expect(
                try await meal(
                    ["food_id": String(food), "new_food_name": "Duck jerky", "new_food_kind": "treat", "amount": "1", "amount_unit": "pieces"], at: "09:00")
                    == .seeOther)
            #expect(try await owner.get("/pets/\(bori)/timeline").text.contains("Duck jerky"), "the food typed is saved, not the one the list was on")
            #expect(try await meal(["food_id": String(food), "amount": "140", "amount_unit": "g"], at: "06:00") == .seeOther)
            #expect(try await meal(["new_food_name": "Salmon", "new_food_kind": "food", "amount": "90", "amount_unit": "g"], at: "10:00") == .seeOther)
            #expect(try await owner.get("/").text.contains(#"<span class="usual-food">Kibble</span> <span class="usual-amount">140 g</span>"#))
            // Kibble is a dog's food: ticking the cat too is refused by name, nothing saved for either.
            let nabi = try await owner.addPet("Nabi", species: "cat")
            let shared = try await owner.postMultipart(
                "/pets/\(bori)/records",
                [
                    "kind": "meal", "food_id": String(food), "amount": "140", "amount_unit": "g", "outcome": "all", "date": today.description,
                    "time": "11:00", "also_\(nabi)": "on",
                ])
            #expect(shared.status == .unprocessableContent)
            #expect(shared.text.contains("This cannot be saved for Nabi too"))
            // Someone who may not record sees no button, and a ?logged= of another household's record says nothing.
            #expect(!(try await owner.get("/?logged=999999").text.contains("notice did")))
        }
    }

    @Test("the navigation: four places in the bar, the rest in a More menu on phones and in the bar on wide screens; the current area marked")
    func navigation() async throws {
        try await withHousehold { hearth, owner in
            let calendar = try await owner.get("/calendar").text
            #expect(calendar.contains(#"<li><a href="/calendar" aria-current="page">Calendar</a></li>"#))
            #expect(calendar.contains(#"<li class="more narrow"><details><summary>More</summary>"#))
            let accounts = try await owner.get("/accounts").text
            #expect(accounts.contains(#"<summary class="current">More</summary>"#), "the More menu says it holds the current page")
            #expect(accounts.contains(#"<li class="wide"><a href="/accounts" aria-current="page">"#))
        }
    }
}
