import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("People's weight and weight range")
struct PersonWeightTests {
    @Test("a weighing in the household's unit is a weight record; the page shows the newest with its day and the range")
    func weighing() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/settings")
            #expect(
                try await owner.post(
                    "/settings", ["household_name": "The Kims", "time_zone": "Asia/Seoul", "language": "en", "weight_unit": "lb", "volume_unit": "ml"]
                ).status == .seeOther)
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun"), photo: nil)
            try await owner.get("/people/\(person.id)")
            #expect(try await owner.post("/people/\(person.id)/weight", ["weight": "150", "weight_date": "2026-01-05"]).status == .seeOther)
            #expect(try await owner.post("/people/\(person.id)/weight", ["weight": "148.5"]).status == .seeOther)
            let grams = try hearth.database.read { db in
                try Double.fetchAll(
                    db, sql: "SELECT w.grams FROM entry e JOIN weight_entry w ON w.entry_id = e.id WHERE e.subject_id = ? ORDER BY e.local_date",
                    arguments: [person.id])
            }
            #expect(grams.count == 2)
            #expect(abs(grams[0] - 150 * 453.59237) < 0.01, "pounds are stored as grams too")
            #expect(try await owner.post("/people/\(person.id)/goals", ["cup_ml": "250", "weight_min": "140", "weight_max": "160"]).status == .seeOther)
            let page = try await owner.get("/people/\(person.id)").text
            #expect(page.contains("148.5 lb"), "the newest weighing, in the household's unit")
            #expect(page.contains("Healthy range: 140 lb – 160 lb"))
            let goals = try await owner.get("/people/\(person.id)/goals").text
            #expect(goals.contains(#"value="140""#) && goals.contains(#"value="160""#), "the form shows the range back in pounds")
        }
    }

    @Test("a weight that is no number, a future day and a range upside down are refused on their fields and nothing is written")
    func refused() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun"), photo: nil)
            try await owner.get("/people/\(person.id)")
            let tomorrow = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!).adding(days: 1)
            let future = try await owner.post("/people/\(person.id)/weight", ["weight": "70", "weight_date": tomorrow.description])
            #expect(future.status == .unprocessableContent)
            #expect(future.text.contains("That day has not come yet"))
            #expect(try await owner.post("/people/\(person.id)/weight", ["weight": "heavy"]).status == .unprocessableContent)
            let upsideDown = try await owner.post("/people/\(person.id)/goals", ["cup_ml": "250", "weight_min": "80", "weight_max": "60"])
            #expect(upsideDown.status == .unprocessableContent)
            #expect(upsideDown.text.contains("The upper end must not be below the lower end."))
            #expect(try await owner.post("/people/\(person.id)/goals", ["cup_ml": "250", "weight_min": "60"]).text.contains("Give both ends"))
            let written = try hearth.database.read { db in
                try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM entry) + (SELECT count(*) FROM person_goal)")!
            }
            #expect(written == 0)
        }
    }

    @Test("a weight range set today leaves yesterday's goals as they were")
    func effectiveDated() async throws {
        let database = try AppDatabase.inMemory()
        let person = try await PersonRepository(database).create(PersonProfile(name: "Jun"), photo: nil)
        let daily = DailyRepository(database)
        let monday = LocalDate("2026-11-16")!, friday = LocalDate("2026-11-20")!
        try await daily.setGoals(DailyGoals(steps: 8000), subjectID: person.id, from: monday)
        try await daily.setGoals(DailyGoals(steps: 10000, weightRangeGrams: 60_000...75_000), subjectID: person.id, from: friday)
        #expect(try daily.goals(subjectID: person.id, on: friday.adding(days: -1)) == DailyGoals(steps: 8000))
        #expect(try daily.goals(subjectID: person.id, on: friday).weightRangeGrams == 60_000...75_000)
    }
}
