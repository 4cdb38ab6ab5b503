import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Water, steps and daily goals")
struct WaterAndStepsTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    @Test("+1 cup, −1 cup and a custom amount change one row for the day; the glass, cups to go, percent and 'goal reached' follow")
    func water() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina"), photo: nil)
            let daily = DailyRepository(hearth.database)
            try await owner.get("/people/\(person.id)")
            #expect(
                try await owner.post("/people/\(person.id)/goals", ["water": "4", "water_unit": "cups", "cup_ml": "250", "steps": "10000"]).status == .seeOther)
            for change in ["cup", "cup", "-cup", "cup"] {
                #expect(try await owner.post("/people/\(person.id)/water", ["change": change]).status == .seeOther)
            }
            #expect(try await owner.post("/people/\(person.id)/water", ["ml": "100"]).status == .seeOther)
            let today = LocalDate(Date(), in: Self.seoul)
            let seen = try daily.water(subjectID: person.id, on: today)
            #expect(seen == WaterDay(drankML: 600, goalML: 1000, cupML: 250), "250 + 250 − 250 + 250 + 100")
            let rows = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM daily_value")! }
            #expect(rows == 1, "one row per person per day, updated")

            let page = try await owner.get("/people/\(person.id)")
            #expect(page.text.contains("600 ml"))
            #expect(page.text.contains("2 cups to go"), "400 ml is two cups of 250")
            #expect(page.text.contains("60%"))
            #expect(page.text.contains(#"<svg class="water-glass""#))
            #expect(!page.text.contains("Goal reached"))
            #expect(try await owner.post("/people/\(person.id)/water", ["change": "cup"]).status == .seeOther)
            #expect(try await owner.get("/people/\(person.id)").text.contains("1 cup to go"))
            #expect(try await owner.post("/people/\(person.id)/water", ["change": "cup"]).status == .seeOther)
            let reached = try await owner.get("/people/\(person.id)").text
            #expect(reached.contains("Goal reached"))
            #expect(reached.contains("110%"))
            // Never below nothing.
            for _ in 0..<8 { try await owner.post("/people/\(person.id)/water", ["change": "-cup"]) }
            #expect(try daily.water(subjectID: person.id, on: today).drankML == 0)
        }
    }

    @Test("a future day or one that does not exist is refused on its field with 422 and nothing is written")
    func futureDays() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina"), photo: nil)
            try await owner.get("/people/\(person.id)")
            let tomorrow = LocalDate(Date(), in: Self.seoul).adding(days: 1)
            let water = try await owner.post("/people/\(person.id)/water", ["change": "cup", "date": tomorrow.description])
            #expect(water.status == .unprocessableContent)
            #expect(water.text.contains("That day has not come yet"))
            let steps = try await owner.post("/people/\(person.id)/steps", ["steps": "5000", "date": "2026-02-30"])
            #expect(steps.status == .unprocessableContent)
            #expect(steps.text.contains("field-error"))
            let none = try await owner.post("/people/\(person.id)/steps", ["steps": "lots"])
            #expect(none.status == .unprocessableContent)
            #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM daily_value")! } == 0)
        }
    }

    @Test("changing a goal never changes whether an earlier day met its goal")
    func effectiveDated() async throws {
        let database = try AppDatabase.inMemory()
        let person = try await PersonRepository(database).create(PersonProfile(name: "Mina"), photo: nil)
        let daily = DailyRepository(database)
        let monday = LocalDate("2026-11-16")!, friday = LocalDate("2026-11-20")!
        try await daily.setGoals(DailyGoals(waterML: 1000), subjectID: person.id, from: monday)
        try await daily.addWater(1000, subjectID: person.id, on: monday)
        try await daily.setGoals(DailyGoals(waterML: 2000, cupML: 300), subjectID: person.id, from: friday)
        #expect(try daily.water(subjectID: person.id, on: monday).reached, "Monday met the goal it had")
        #expect(try daily.water(subjectID: person.id, on: friday) == WaterDay(drankML: 0, goalML: 2000, cupML: 300))
        #expect(try daily.goals(subjectID: person.id, on: LocalDate("2026-11-15")!) == DailyGoals(), "before any goal: the defaults")
    }

    @Test("a day before the person was added reads 'before Hearth', not missed")
    func beforeHearth() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina"), photo: nil)
            let page = try await owner.get("/people/\(person.id)?day=2020-01-01")
            #expect(page.text.contains("Before Hearth"))
            #expect(!page.text.contains(#"<svg class="water-glass""#))
            #expect(!(try await owner.get("/people/\(person.id)")).text.contains("Before Hearth"))
        }
    }

    @Test(
        "goals: cups, ml or fl oz become millilitres; nonsense is refused on its field",
        arguments: [
            (["water": "8", "water_unit": "cups", "cup_ml": "250"], 2000),
            (["water": "1500", "water_unit": "ml"], 1500),
            (["water": "64", "water_unit": "fl_oz"], 1893),
        ])
    func goalUnits(input: [String: String], millilitres: Int) throws {
        guard case .valid(let goals) = DailyGoals.validate(input) else {
            Issue.record("refused \(input)")
            return
        }
        #expect(goals.waterML == millilitres)
        guard case .invalid(let errors) = DailyGoals.validate(["water": "50", "water_unit": "cups", "cup_ml": "250"]) else {
            Issue.record("12.5 l accepted")
            return
        }
        #expect(errors["water"] == "people.error.water_too_much")
        guard case .invalid = DailyGoals.validate(["cup_ml": "5"]) else {
            Issue.record("a 5 ml cup accepted")
            return
        }
        guard case .invalid(let small) = DailyGoals.validate(["water": "8", "water_unit": "ml"]) else {
            Issue.record("8 ml accepted")
            return
        }
        #expect(small["water"] == "people.error.water_too_little")
    }

    @Test("the home page shows each person's glass with +1 cup, one tap that comes back home; viewers see the glass, not the button")
    func fromHome() async throws {
        try await withHousehold { hearth, owner in
            let people = PersonRepository(hearth.database)
            let mina = try await people.create(PersonProfile(name: "Mina", colour: .teal), photo: nil)
            let jun = try await people.create(PersonProfile(name: "Jun", colour: .orange), photo: nil)
            let home = try await owner.get("/")
            #expect(home.text.contains(#"id="glass-\#(mina.id)""#) && home.text.contains(#"id="glass-\#(jun.id)""#), "one glass each, ids unique")
            let tap = try await owner.post("/people/\(jun.id)/water", ["change": "cup", "from": "home"])
            #expect(tap.status == .seeOther)
            #expect(tap.location == "/?water=\(jun.id)&change=cup#did", "home says what the tap did, its undo in view")
            #expect(try DailyRepository(hearth.database).water(subjectID: jun.id, on: LocalDate(Date(), in: Self.seoul)).drankML == 250)
            #expect(try await owner.get("/").text.contains("250 ml"))

            try await owner.addMember("kid", role: .viewer, database: hearth.database)
            let viewer = Browser(owner.client)
            try await viewer.signIn("kid", "member password 1")
            let seen = try await viewer.get("/")
            #expect(seen.text.contains(#"id="glass-\#(jun.id)""#))
            #expect(!seen.text.contains("/people/\(jun.id)/water"), "no button for a viewer")
        }
    }
}
