import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Numbers typed as a Korean household writes them are kept as typed, and a weighing far
/// from the last one is asked about before it is kept.
@Suite("Numbers the Korean way")
struct KoreanNumbersTests {
    func weights(_ hearth: Hearth, _ subject: Int64) async throws -> [Double] {
        try await EntryRepository(hearth.database).timeline(subjectID: subject).compactMap {
            if case .weight(let value, let unit) = $0.details { return value * unit.gramsPerUnit }
            return nil
        }
    }

    @Test("a cat of 4,800 g is 4,800 g; 4.8 g after it is asked about, and kept when saved again")
    func catInGrams() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(nabi)/records/new?kind=weight")
            let first = try await owner.postMultipart(
                "/pets/\(nabi)/records", ["kind": "weight", "weight": "4,800", "unit": "g", "date": "2026-11-20", "time": "08:00"])
            #expect(first.status == .seeOther)
            #expect(try await weights(hearth, nabi) == [4_800])

            let slip = ["kind": "weight", "weight": "4.8", "unit": "g", "date": "2026-11-21", "time": "08:00"]
            let asked = try await owner.postMultipart("/pets/\(nabi)/records", slip)
            #expect(asked.status == .unprocessableContent)
            #expect(asked.text.contains("More than half away from the last weighing (4.8 kg). If it is right, save again."))
            #expect(asked.text.contains(#"<input type="hidden" name="weight_confirmed" value="4.8">"#))
            #expect(try await weights(hearth, nabi) == [4_800], "nothing written")

            // Changed to another value after the question, it is asked about again.
            let changed = try await owner.postMultipart("/pets/\(nabi)/records", slip.merging(["weight": "9", "weight_confirmed": "4.8"]) { $1 })
            #expect(changed.status == .unprocessableContent)
            let kept = try await owner.postMultipart("/pets/\(nabi)/records", slip.merging(["weight_confirmed": "4.8"]) { $1 })
            #expect(kept.status == .seeOther)
            #expect(try await weights(hearth, nabi).sorted() == [4.8, 4_800])
            // Close to the last one, nothing is asked.
            let close = try await owner.postMultipart("/pets/\(nabi)/records", slip.merging(["weight": "6"]) { $1 })
            #expect(close.status == .seeOther)
        }
    }

    @Test("a vet bill of 55,000원 is 55,000 won; 55,000kg is refused on its field")
    func vetBill() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/settings")
            #expect(
                try await owner.post("/settings", ["household_name": "The Kims", "time_zone": "Asia/Seoul", "language": "en", "currency": "KRW"]).status
                    == .seeOther)
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(bori)/records/new?kind=vet_visit")
            let visit = ["kind": "vet_visit", "clinic_name": "행복동물병원", "reason": "예방접종", "date": "2026-11-20", "time": "10:00"]
            let wrong = try await owner.postMultipart("/pets/\(bori)/records", visit.merging(["cost": "55,000kg"]) { $1 })
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("Only a number fits here, with 원 if you like."))
            #expect(try await EntryRepository(hearth.database).timeline(subjectID: bori).isEmpty)
            let saved = try await owner.postMultipart("/pets/\(bori)/records", visit.merging(["cost": "55,000원"]) { $1 })
            #expect(saved.status == .seeOther)
            let entry = try #require(try await EntryRepository(hearth.database).timeline(subjectID: bori).first)
            guard case .vetVisit(let stored) = entry.details else {
                Issue.record("a vet visit")
                return
            }
            #expect(stored.cost == 55_000)
        }
    }

    @Test("steps 3,500 and water 1,000 ml are kept as typed; a person's weighing far from the last is asked about")
    func personNumbers() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/people/new")
            let added = try await owner.postMultipart("/people", ["name": "아빠", "colour": "teal"])
            let id = try #require(Int64(added.location!.split(separator: "/").last!))
            try await owner.get("/people/\(id)")
            #expect(try await owner.post("/people/\(id)/steps", ["steps": "3,500보"]).status == .seeOther)
            #expect(try await owner.post("/people/\(id)/water", ["ml": "1,000"]).status == .seeOther)
            let today = try DailyRepository(hearth.database).day(subjectID: id, on: LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!))
            #expect(today.steps == 3_500 && today.water.drankML == 1_000)

            // Steps typed for a day before the person was added land on that day's page, shown.
            let before = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!).adding(days: -3)
            let typed = try await owner.post("/people/\(id)/steps", ["steps": "5,000", "date": before.description])
            let dayPage = try await owner.get(try #require(typed.location)).text
            #expect(dayPage.contains("5,000") && !dayPage.contains("Before Hearth"))
            #expect(try await owner.get("/people/\(id)?day=\(before.adding(days: -1))").text.contains("Before Hearth"))
            #expect(try await owner.post("/people/\(id)/weight", ["weight": "70.5"]).status == .seeOther)
            let asked = try await owner.post("/people/\(id)/weight", ["weight": "7.05"])
            #expect(asked.status == .unprocessableContent)
            #expect(asked.text.contains("More than half away from the last weighing (70.5 kg)."))
            #expect(try await weights(hearth, id) == [70_500])
            #expect(try await owner.post("/people/\(id)/weight", ["weight": "7.05", "weight_confirmed": "7.05"]).status == .seeOther)
        }
    }
}
