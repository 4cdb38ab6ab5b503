import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Self-care: a member records their own water, steps, weight and doses, whatever their role")
struct SelfCareTests {
    @Test("할머니, a viewer who is the household's 할머니: her own water, steps, weight and doses; refused for anyone else's; seen even when limited")
    func herOwn() async throws {
        let clock = TestClock(DoseLogWebTests.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let halmoniAccount = try await owner.addMember("halmoni", role: .viewer, database: hearth.database)
            let people = PersonRepository(hearth.database)
            let halmoni = try await people.create(PersonProfile(name: "할머니", colour: .purple, accountID: halmoniAccount), photo: nil, now: clock.read())
            let mina = try await people.create(PersonProfile(name: "Mina", colour: .teal), photo: nil, now: clock.read())
            let bori = try await owner.addPet("Bori")
            // Limited to Bori alone: she still sees herself.
            try await AccountRepository(hearth.database).setAccess(.only([bori]), accountID: halmoniAccount)
            var regimens: [Int64: Int64] = [:]
            for subject in [halmoni.id, mina.id] {
                try await owner.get("/regimens/new?subject=\(subject)")
                var fields = DoseLogWebTests.heartPills
                fields["subject"] = String(subject)
                let created = try await owner.post("/regimens", fields)
                regimens[subject] = Int64(try #require(created.location?.split(separator: "/").last))
            }

            let her = Browser(owner.client)
            try await her.signIn("halmoni", "member password 1")
            let home = try await her.get("/").text
            #expect(home.contains("할머니") && home.contains(#"action="/people/\#(halmoni.id)/water""#), "her own +1 cup on home")
            #expect(!home.contains("Mina"), "limited to Bori and herself")
            #expect(home.contains("Your own water, steps, weight and doses you record yourself"))
            let page = try await her.get("/people/\(halmoni.id)")
            #expect(page.status == .ok && page.text.contains(#"action="/people/\#(halmoni.id)/steps""#) && !page.text.contains("/edit\""))
            #expect(try await her.get("/people/\(mina.id)").status == .notFound)

            // Her own: water, steps, weight, and the dose due now.
            let today = "2026-11-23"
            #expect(try await her.post("/people/\(halmoni.id)/water", ["change": "cup", "from": "home"]).status == .seeOther)
            #expect(try await her.post("/people/\(halmoni.id)/steps", ["steps": "3200", "date": today]).status == .seeOther)
            #expect(try await her.post("/people/\(halmoni.id)/weight", ["weight": "52.5", "weight_date": today]).status == .seeOther)
            let day = try DailyRepository(hearth.database).day(subjectID: halmoni.id, on: LocalDate(today)!)
            #expect(day.water.drankML == 250 && day.steps == 3200 && day.latestWeight?.grams == 52_500)
            let halmoniRegimen = try #require(regimens[halmoni.id]), minaRegimen = try #require(regimens[mina.id])
            let given = try await her.post(
                "/doses/mark", ["regimen": "\(halmoniRegimen)", "day": today, "time": "480", "action": "given", "back": "/doses"])
            #expect(given.status == .seeOther)
            #expect(try await her.get("/doses").text.contains("given by Halmoni"))

            // Anyone else's: refused, nothing written; and what only recorders do stays theirs.
            #expect(try await her.post("/people/\(mina.id)/water", ["change": "cup"]).status == .notFound)
            #expect(try await her.post("/doses/mark", ["regimen": "\(minaRegimen)", "day": today, "time": "480", "action": "given"]).status == .notFound)
            #expect(try await her.get("/people/\(halmoni.id)/edit").status == .forbidden)
            #expect(try await her.post("/pets/\(bori)/records", ["kind": "walk", "minutes": "20", "date": today, "time": "08:00"]).status == .forbidden)
            #expect(try DailyRepository(hearth.database).day(subjectID: mina.id, on: LocalDate(today)!).water.drankML == 0)

            // Not limited, she sees Mina, and still may not record for her.
            try await AccountRepository(hearth.database).setAccess(.everyone, accountID: halmoniAccount)
            #expect(try await her.post("/people/\(mina.id)/water", ["change": "cup"]).status == .forbidden)
            #expect(try await her.post("/doses/mark", ["regimen": "\(minaRegimen)", "day": today, "time": "480", "action": "given"]).status == .forbidden)
            #expect(!(try await her.get("/people/\(mina.id)").text.contains(#"action="/people/\#(mina.id)/water""#)))
            let herHome = try await her.get("/").text
            #expect(!herHome.contains(#"action="/people/\#(mina.id)/water""#), "no +1 cup for Mina")
            #expect(try DailyRepository(hearth.database).day(subjectID: mina.id, on: LocalDate(today)!).water.drankML == 0)
        }
    }
}
