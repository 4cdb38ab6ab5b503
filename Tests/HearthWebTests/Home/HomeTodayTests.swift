import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("The home page is today")
struct HomeTodayTests {
    @Test("each pet's records so far and latest weight, each person's steps against the goal and weight, the newest photos")
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
            #expect(home.contains("Weight: 12.5 kg"))
            #expect(home.contains("6,200 of 10,000 steps"))
            #expect(home.contains(#"<ul class="photo-grid"><li><a href="/gallery/"#), "the newest photos, each opening its page in the gallery")
            #expect(home.contains(#"href="/calendar/\#(today)""#) && home.contains(#"href="/people/\#(mina.id)/charts""#))
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
