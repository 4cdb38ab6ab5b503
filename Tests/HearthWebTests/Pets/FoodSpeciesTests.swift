import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Foods have the species they are for")
struct FoodSpeciesTests {
    @Test("the cat's food is not offered on the dog's meal form nor shown to a sitter limited to the dog; typed for the dog too, it becomes both's")
    func species() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi", species: "cat")
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(nabi)/records/new?kind=meal")
            #expect(
                try await owner.postMultipart(
                    "/pets/\(nabi)/records",
                    [
                        "kind": "meal", "new_food_name": "Tuna pouch", "new_food_kind": "food", "amount": "40", "amount_unit": "g", "outcome": "all",
                        "date": "2026-11-20", "time": "08:00",
                    ]
                ).status == .seeOther)
            let tuna = try #require(try hearth.database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM food WHERE name = 'Tuna pouch'") })
            #expect(try await owner.get("/pets/\(nabi)/records/new?kind=meal").text.contains("Tuna pouch"))
            #expect(!(try await owner.get("/pets/\(bori)/records/new?kind=meal").text.contains("Tuna pouch")), "not on the dog's form")
            let refused = try await owner.postMultipart(
                "/pets/\(bori)/records",
                ["kind": "meal", "food_id": String(tuna), "amount": "40", "amount_unit": "g", "outcome": "all", "date": "2026-11-20", "time": "08:00"])
            #expect(refused.status == .conflict || refused.status == .unprocessableContent, "the cat's food posted for the dog: \(refused.status)")

            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([bori]), accountID: sitter)
            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            #expect(!(try await member.get("/pets/\(bori)").text.contains("Tuna pouch")), "the sitter of the dog does not see the cat's food")

            // Typed on the dog's form as well: one food, now for both.
            try await owner.get("/pets/\(bori)/records/new?kind=meal")
            #expect(
                try await owner.postMultipart(
                    "/pets/\(bori)/records",
                    [
                        "kind": "meal", "new_food_name": "tuna POUCH", "new_food_kind": "food", "amount": "40", "amount_unit": "g", "outcome": "all",
                        "date": "2026-11-20", "time": "09:00",
                    ]
                ).status == .seeOther)
            #expect(try await owner.get("/pets/\(bori)/records/new?kind=meal").text.contains("Tuna pouch"))
            #expect(
                try hearth.database.read { db in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM food WHERE name = 'Tuna pouch' COLLATE NOCASE AND species IS NULL")
                } == 1)
        }
    }
}
