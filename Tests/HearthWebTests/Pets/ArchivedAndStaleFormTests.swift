import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Archived pets and stale forms")
struct ArchivedAndStaleFormTests {
    @Test(
        "an archived pet is read-only on the server: profile, records, preferences and restores are refused with 409 and nothing changes; the timeline offers no edit or delete"
    )
    func archivedIsReadOnly() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let entries = EntryRepository(hearth.database)
            let input = RecordInput(
                occurredAt: Date(), localDate: LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!), note: "before", details: .weight(value: 4, unit: .kg)
            )
            let record = try await entries.create(subjectID: pet, input, photos: [], createdBy: nil)
            let deleted = try await entries.create(subjectID: pet, input, photos: [], createdBy: nil)
            try await entries.delete(id: deleted)
            let food = try await FoodRepository(hearth.database).create(name: "Kibble", kind: .food, kcalPer100g: 380)
            try await FoodRepository(hearth.database).setPreference(.likes, subjectID: pet, foodID: food)
            try await owner.get("/pets/\(pet)")
            #expect(try await owner.post("/pets/\(pet)/archive", [:]).status == .seeOther)
            let before = try await RoleMatrixTests.Snapshot(hearth.database)

            let weight = ["kind": "weight", "weight": "5", "unit": "kg", "date": "2026-01-02", "time": "08:00"]
            for response in [
                try await owner.postMultipart("/pets/\(pet)", ["name": "Renamed", "species": "cat"]),
                try await owner.postMultipart("/pets/\(pet)/records", weight),
                try await owner.postMultipart("/records/\(record)", weight),
                try await owner.post("/records/\(record)/delete", [:]),
                try await owner.post("/records/\(deleted)/restore", [:]),
                try await owner.post("/pets/\(pet)/foods/\(food)/preference", ["preference": "dislikes"]),
            ] {
                #expect(response.status == .conflict)
                #expect(response.text.contains("This pet is archived"))
            }
            for path in ["/pets/\(pet)/edit", "/pets/\(pet)/records/new?kind=weight", "/records/\(record)/edit"] {
                #expect(try await owner.get(path).status == .conflict, "\(path)")
            }
            #expect(try await RoleMatrixTests.Snapshot(hearth.database) == before, "nothing written")
            let timeline = try await owner.get("/pets/\(pet)/timeline")
            #expect(timeline.text.contains("before"))
            #expect(!timeline.text.contains("/records/\(record)/edit"), "no edit link")
            #expect(!timeline.text.contains("/records/\(record)/delete"), "no delete button")
            // Bringing the pet back is the one change it takes.
            #expect(try await owner.post("/pets/\(pet)/unarchive", [:]).status == .seeOther)
            #expect(try await owner.get("/pets/\(pet)/timeline").text.contains("/records/\(record)/edit"))
        }
    }

    @Test("a meal whose food left the list says so on the food field (422), on adding and on editing; a missing record is 404 with its own message")
    func staleFood() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let foods = FoodRepository(hearth.database)
            let food = try await foods.create(name: "Kibble", kind: .food, kcalPer100g: 380)
            try await owner.get("/pets/\(pet)/records/new?kind=meal")
            let meal = ["kind": "meal", "food_id": "9999", "amount": "40", "amount_unit": "g", "outcome": "all", "date": "2026-01-02", "time": "08:00"]
            let added = try await owner.postMultipart("/pets/\(pet)/records", meal)
            #expect(added.status == .unprocessableContent)
            #expect(added.text.contains("That food is no longer on the list"))
            #expect(!added.text.contains("Choose a food or type a new one."), "not the message for an empty choice")

            var good = meal
            good["food_id"] = String(food)
            let created = try await owner.postMultipart("/pets/\(pet)/records", good)
            #expect(created.status == .seeOther)
            let record = try #require(try await EntryRepository(hearth.database).timeline(subjectID: pet, limit: 1).first)
            let edited = try await owner.postMultipart("/records/\(record.id)", meal)
            #expect(edited.status == .unprocessableContent)
            #expect(edited.text.contains("That food is no longer on the list"))

            let missing = try await owner.post("/records/987654/delete", [:])
            #expect(missing.status == .notFound)
        }
    }
}

@Suite("Links with query strings")
struct QueryLinkTests {
    @Test("names and values are percent-encoded, in name order")
    func encodes() {
        #expect(QueryLink.make("/pets/1/timeline", [:]) == "/pets/1/timeline")
        #expect(QueryLink.make("/x", ["q": "a b&c=d#e/ü", "kind": "meal"]) == "/x?kind=meal&q=a%20b%26c%3Dd%23e%2F%C3%BC")
    }
}
