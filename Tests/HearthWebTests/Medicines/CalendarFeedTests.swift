import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("The calendar feed")
struct CalendarFeedTests {
    static func link(_ me: String) throws -> String {
        let start = try #require(me.range(of: "/feeds/"))
        let end = try #require(me[start.upperBound...].range(of: ".ics"))
        return "/feeds/" + me[start.upperBound..<end.upperBound]
    }

    @Test(
        "a member's feed: RRULE per time with the zone, EXDATE for a skipped day, a moved dose, care due, alarms, folded lines; limited members see only theirs; revoked is gone"
    )
    func feed() async throws {
        let clock = TestClock("2026-11-22T23:30:00Z")
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mochi = try await owner.addPet("Mochi")
            let bori = try await owner.addPet("Bori", species: "dog")
            // A rabies shot on record: her history is known, so her DAPP is planned (and in the feed).
            let shot = ["kind": "vaccination", "vaccine_dog.rabies": "on", "date": "2026-01-10", "time": "09:00"]
            #expect(try await owner.postMultipart("/pets/\(bori)/records", shot).status == .seeOther)
            let regimens = RegimenRepository(database)
            let long = String(repeating: "아주 긴 이름 ", count: 12)
            let pills = try await regimens.create(
                subjectID: mochi,
                RegimenInput(
                    name: "Heart pills", items: [RegimenItemInput(name: long, amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .weekdays([2, 4, 6]), times: [480, 1200], start: LocalDate("2026-11-20")!, end: .afterDays(30))))
            _ = try await regimens.create(
                subjectID: bori,
                RegimenInput(
                    name: "Ear drops", items: [RegimenItemInput(name: "Drops", amount: 2, unit: "drops")],
                    schedule: CareSchedule(repeatRule: .everyMonths(1), times: [540], start: LocalDate("2026-01-31")!)))
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            try await regimens.changeDay(
                regimenID: pills, day: LocalDate("2026-11-25")!, time: 480, movedTo: nil, reason: "vet said so", clear: false, accountID: mina)
            try await regimens.changeDay(regimenID: pills, day: LocalDate("2026-11-27")!, time: 1200, movedTo: 1290, reason: nil, clear: false, accountID: mina)

            #expect(try await owner.get("/me").text.contains("Make my calendar link"))
            #expect(try await owner.post("/me/feed", ["action": "renew"]).status == .seeOther)
            let me = try await owner.get("/me").text
            let path = try Self.link(me)
            #expect(me.contains("webcal://"))
            let response = try await owner.client.execute(uri: path, method: .get, headers: [:], body: nil)
            #expect(response.status == .ok && response.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = String(buffer: response.body)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
            let lines = text.components(separatedBy: "\r\n")
            #expect(lines.allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
            #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF only")
            let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
            #expect(unfolded.contains("BEGIN:VTIMEZONE\r\nTZID:Asia/Seoul\r\n"))
            #expect(unfolded.contains("REFRESH-INTERVAL;VALUE=DURATION:PT1H"))
            #expect(unfolded.contains("DTSTART;TZID=Asia/Seoul:20261120T080000\r\nDURATION:PT15M\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261219T145959Z"))
            #expect(unfolded.contains("EXDATE;TZID=Asia/Seoul:20261125T080000"))
            #expect(unfolded.contains("EXDATE;TZID=Asia/Seoul:20261127T200000"))
            #expect(unfolded.contains("DTSTART;TZID=Asia/Seoul:20261127T213000"), "the moved dose is an event of its own")
            #expect(unfolded.contains("RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"))
            #expect(unfolded.contains("SUMMARY:Mochi: Heart pills") && unfolded.contains(long.replacingOccurrences(of: " ", with: " ")))
            #expect(unfolded.contains("BEGIN:VALARM\r\nACTION:DISPLAY"))
            #expect(unfolded.contains("UID:regimen-\(pills)-0-480@hearth") && unfolded.contains("DTSTAMP:20261122T233000Z"))
            #expect(unfolded.contains("Bori: DAPP") && unfolded.contains("DTSTART;VALUE=DATE:"), "a dog's core vaccine is due")

            // A sitter limited to Mochi: no Bori in their feed.
            let sitter = try await owner.addMember("sitter", role: .adult, database: database)
            try await AccountRepository(database).setAccess(.only([mochi]), accountID: sitter)
            let sitterBrowser = Browser(owner.client)
            try await sitterBrowser.signIn("sitter", "member password 1")
            try await sitterBrowser.get("/me")
            try await sitterBrowser.post("/me/feed", ["action": "renew"])
            let sitterPath = try Self.link(try await sitterBrowser.get("/me").text)
            let sitterFeed = String(buffer: try await owner.client.execute(uri: sitterPath, method: .get, headers: [:], body: nil).body)
            #expect(sitterFeed.contains("Mochi: Heart pills") && !sitterFeed.contains("Bori"))

            // A new link: the old one is gone; a made-up one was never there.
            try await owner.get("/me")
            try await owner.post("/me/feed", ["action": "renew"])
            #expect(try await owner.client.execute(uri: path, method: .get, headers: [:], body: nil).status == .notFound)
            #expect(
                try await owner.client.execute(uri: "/feeds/0000000000000000000000000000000000000000.ics", method: .get, headers: [:], body: nil).status
                    == .notFound)
            let newPath = try Self.link(try await owner.get("/me").text)
            let renewed = try await owner.client.execute(uri: newPath, method: .get, headers: [:], body: nil)
            #expect(newPath != path && renewed.status == .ok)
        }
    }

    @Test("a regimen added today after one of its times: that dose is in the feed only if someone marked it, as on every page")
    func addedAfterItsFirstTime() async throws {
        // 07:30 in Seoul on the 25th.
        let clock = TestClock("2026-11-24T22:30:00Z")
        try await withHousehold(clock: clock.read) { hearth, owner in
            let mochi = try await owner.addPet("Mochi")
            let regimens = RegimenRepository(hearth.database)
            let pills = try await regimens.create(
                subjectID: mochi,
                RegimenInput(
                    name: "Pills", items: [RegimenItemInput(name: "Pill", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [326, 480], start: LocalDate("2026-11-25")!)),
                now: clock.read())
            try await owner.get("/me")
            try await owner.post("/me/feed", ["action": "renew"])
            let path = try Self.link(try await owner.get("/me").text)
            func feed() async throws -> String {
                String(buffer: try await owner.client.execute(uri: path, method: .get, headers: [:], body: nil).body).replacingOccurrences(
                    of: "\r\n ", with: "")
            }
            let first = try await feed()
            #expect(first.contains("DTSTART;TZID=Asia/Seoul:20261125T052600"))
            #expect(first.contains("EXDATE;TZID=Asia/Seoul:20261125T052600"), "05:26 had passed when it was added")
            #expect(!first.contains("EXDATE;TZID=Asia/Seoul:20261125T080000"), "08:00 is still to come")

            // Someone gave it at 05:30 after all and says so: then it is a dose.
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            _ = try await regimens.mark(
                regimenID: pills, day: LocalDate("2026-11-25")!, time: 326, status: .given, givenAt: clock.read().addingTimeInterval(-3600), reason: nil,
                accountID: mina, now: clock.read())
            #expect(!(try await feed()).contains("EXDATE"))
        }
    }
}
