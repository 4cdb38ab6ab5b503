import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import HearthWeb

@Suite("Care routines on the pages")
struct RoutineWebTests {
    /// 08:30 on Wednesday 25 November 2026 in Seoul (the test household's zone).
    static let morning = "2026-11-24T23:30:00Z"

    static func markCount(_ database: AppDatabase) throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM routine_mark")! }
    }

    @Test("added from a pet's page, done with one tap from home, whose turn moves on, a second tap says who was first, undo brings it back")
    func dailyJob() async throws {
        let clock = TestClock(Self.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let dad = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            #expect(try await owner.get("/pets/\(tori)").text.contains("/routines/new?subject=\(tori)"))
            let form = try await owner.get("/routines/new?subject=\(tori)")
            #expect(form.text.contains(#"<option value="\#(tori)" selected>Tori</option>"#))
            var fields = [
                "name": "Teeth", "how": "Finger brush", "subject": "\(tori)", "repeat": "days", "every": "2", "start": "2026-11-25",
                "assign": "turn", "end": "none",
            ]
            // In turn with nobody chosen: refused on its field, nothing written.
            let refused = try await owner.post("/routines", fields)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Choose who takes part."))
            #expect(refused.text.contains(#"value="Teeth""#), "what was typed is kept")
            #expect(try RoutineRepository(hearth.database).routines(access: .everyone, today: LocalDate("2026-11-25")!).isEmpty)
            fields["member_\(mina)"] = "on"
            fields["member_\(dad)"] = "on"
            let created = try await owner.post("/routines", fields)
            #expect(created.status == .seeOther, "\(created.text)")
            let id = try #require(created.headers[.location].flatMap { Int64($0.split(separator: "/").last!) })

            var home = try await owner.get("/").text
            #expect(home.contains("Tori: Teeth") && home.contains("Today") && home.contains("Mina&#39;s turn") || home.contains("Mina's turn"), "\(home)")
            #expect(try await owner.get("/pets/\(tori)").text.contains("Teeth"))

            let done = try await owner.post("/routines/\(id)/mark", ["action": "done", "due": "2026-11-25", "back": "/"])
            #expect(done.status == .seeOther && done.headers[.location] == "/")
            home = try await owner.get("/").text
            #expect(!home.contains("Tori: Teeth"), "done today, next in two days")
            let page = try await owner.get("/routines/\(id)").text
            #expect(page.contains("<h1>Teeth</h1>"))
            #expect(page.contains("Dad&#39;s turn") || page.contains("Dad's turn"))
            #expect(page.contains("done by Mina at 08:30"))
            #expect(page.contains("D-2"))
            let calendar = try await owner.get("/calendar/2026-11").text
            #expect(calendar.contains("Routines: Tori: Teeth ✓"), "done on the 25th")
            #expect(calendar.contains("Routines: Tori: Teeth,") || calendar.contains("Routines: Tori: Teeth\""), "due on the 27th")

            // Dad taps too, from a page drawn before: one mark, and he is told who was first.
            let member = Browser(owner.client)
            try await member.signIn("dad", "member password 1")
            try await member.get("/routines/\(id)")
            let second = try await member.post("/routines/\(id)/mark", ["action": "done", "due": "2026-11-25"])
            #expect(second.status == .conflict)
            #expect(second.text.contains("was already marked: done by Mina at 08:30"))
            #expect(try Self.markCount(hearth.database) == 1)

            // A time not come yet, a day the rule does not place: refused, nothing written.
            #expect(try await member.post("/routines/\(id)/mark", ["action": "done", "due": "2026-11-27", "at": "23:00"]).status == .unprocessableContent)
            #expect(try await member.post("/routines/\(id)/mark", ["action": "done", "due": "2026-11-26"]).status == .unprocessableContent)
            #expect(try Self.markCount(hearth.database) == 1)

            // Undo: due today again.
            try await owner.get("/routines/\(id)")
            #expect(try await owner.post("/routines/\(id)/mark", ["action": "undo", "due": "2026-11-25"]).status == .seeOther)
            #expect(try await owner.get("/").text.contains("Tori: Teeth"))

            // The next morning, not done: overdue; Dad did it at seven, which is marked late.
            clock.set("2026-11-25T23:30:00Z")
            home = try await owner.get("/").text
            #expect(home.contains("1 day overdue"))
            try await member.get("/routines/\(id)")
            let late = try await member.post("/routines/\(id)/mark", ["action": "done", "due": "2026-11-25", "at": "07:00"])
            #expect(late.status == .seeOther)
            #expect(try await owner.get("/routines/\(id)").text.contains("done by Dad at 07:00 (1 day late)"))
            // Two days on, nobody did the 27th: it is overdue, and it is Mina's turn again.
            clock.set("2026-11-27T23:30:00Z")
            home = try await owner.get("/").text
            #expect(home.contains("1 day overdue") && (home.contains("Mina&#39;s turn") || home.contains("Mina's turn")))
        }
    }

    @Test("N days after it was done moves with it; a late one says so on the routine and in the month report")
    func afterDone() async throws {
        let clock = TestClock(Self.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            try await owner.get("/routines/new")
            let created = try await owner.post(
                "/routines", ["name": "Bath", "subject": "\(tori)", "repeat": "after_done", "every": "14", "start": "2026-11-20", "soon_days": "2"])
            let id = try #require(created.headers[.location].flatMap { Int64($0.split(separator: "/").last!) })
            #expect(try await owner.get("/").text.contains("5 days overdue"))
            try await owner.get("/routines/\(id)")
            #expect(try await owner.post("/routines/\(id)/mark", ["action": "done", "due": "2026-11-20"]).status == .seeOther)
            let page = try await owner.get("/routines/\(id)").text
            #expect(page.contains("5 days late"))
            #expect(page.contains("D-14"), "fourteen days after the day it was done")
            let report = try await owner.get("/reports/\(tori)/2026-11").text
            #expect(report.contains("Care routines") && report.contains("Bath") && report.contains("once"))
        }
    }

    @Test(
        "made from today after its time has passed (22:22 for 07:00): nothing is due or missed today, the first is tomorrow; made within the window, today's is still due"
    )
    func madeLate() async throws {
        let clock = TestClock("2026-11-27T13:22:00Z")  // 22:22 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let routines = RoutineRepository(hearth.database)
            let today = LocalDate("2026-11-27")!
            let daily = { (name: String, times: [Int]) in
                RoutineInput(name: name, subjectID: nil, schedule: CareSchedule(repeatRule: .daily, times: times, start: today))
            }
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let morning = try await routines.create(daily("Morning walk", [420]), by: mina, now: clock.read())
            let evening = try await routines.create(daily("Evening pills", [21 * 60]), by: mina, now: clock.read())
            let untimed = try await routines.create(daily("Water bowl", []), by: mina, now: clock.read())
            let due = { (id: Int64) in try routines.routine(id: id, access: .everyone, today: today)?.due(today: today).map { "\($0.day) \($0.state)" } }
            #expect(try due(morning) == "2026-11-28 later")
            #expect(try due(evening) == "2026-11-27 today", "21:00 is within two hours: still today's")
            #expect(try due(untimed) == "2026-11-27 today", "no time: the day is still on")
            let home = try await owner.get("/").text
            #expect(!home.contains("Morning walk") && home.contains("Evening pills"))
            // Tomorrow it is due as any other day.
            #expect(try routines.routine(id: morning, access: .everyone, today: today.adding(days: 1))?.due(today: today.adding(days: 1))?.state == .today)
        }
    }

    @Test("the house's routines are everyone's; a limited member does not see a hidden pet's")
    func limited() async throws {
        try await withHousehold { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let bori = try await owner.addPet("Bori", species: "dog")
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.get("/accounts")
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on"])
            try await owner.get("/routines/new")
            let hidden = try await owner.post("/routines", ["name": "Tori's teeth", "subject": "\(tori)", "repeat": "daily", "start": "2026-01-01"])
            let hiddenID = try #require(hidden.headers[.location].flatMap { Int64($0.split(separator: "/").last!) })
            try await owner.get("/routines/new")
            #expect(try await owner.post("/routines", ["name": "Litter box", "subject": "", "repeat": "daily", "start": "2026-01-01"]).status == .seeOther)
            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            let list = try await member.get("/routines").text
            #expect(list.contains("Home: Litter box") && !list.contains("Tori"))
            #expect(try await member.get("/routines/\(hiddenID)").status == .notFound)
            #expect(!(try await member.get("/").text.contains("Tori")))
        }
    }

    @Test("in the calendar feed: a rule's RRULE (timed or all day), a skipped day's EXDATE, an N-days-after one on its next day, who and whose turn")
    func feed() async throws {
        let clock = TestClock(Self.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let dad = try await owner.addMember("dad", role: .adult, database: hearth.database)
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let routines = RoutineRepository(hearth.database)
            let litter = try await routines.create(
                RoutineInput(
                    name: "Litter box", subjectID: nil,
                    schedule: CareSchedule(repeatRule: .weekdays([2, 4, 6]), times: [420], start: LocalDate("2026-11-23")!), assignment: .turn,
                    members: [mina, dad]), by: mina)
            _ = try await routines.create(
                RoutineInput(
                    name: "Filter", subjectID: nil,
                    schedule: CareSchedule(repeatRule: .everyMonths(1), times: [], start: LocalDate("2026-01-31")!, end: .on(LocalDate("2027-06-30")!))),
                by: mina)
            _ = try await routines.create(
                RoutineInput(
                    name: "Bath", subjectID: tori, schedule: CareSchedule(repeatRule: .afterDone(days: 10), times: [], start: LocalDate("2026-11-20")!)),
                by: mina)
            _ = try await routines.mark(
                routineID: litter, due: LocalDate("2026-11-27")!, status: .skipped, doneAt: nil, doneDay: nil, reason: "away", accountID: dad)
            try await owner.get("/me")
            try await owner.post("/me/feed", ["action": "renew"])
            let path = try CalendarFeedTests.link(try await owner.get("/me").text)
            let text = String(buffer: try await owner.client.execute(uri: path, method: .get, headers: [:], body: nil).body)
                .replacingOccurrences(of: "\r\n ", with: "")
            #expect(
                text.contains(
                    "UID:routine-\(litter)@hearth\r\nDTSTAMP:20261124T233000Z\r\nDTSTART;TZID=Asia/Seoul:20261123T070000\r\nDURATION:PT15M\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"
                ))
            #expect(text.contains("EXDATE;TZID=Asia/Seoul:20261127T070000"))
            #expect(text.contains("SUMMARY:Home: Litter box") && text.contains("Chosen members in turn: Mina\\, Dad"))
            #expect(text.contains("Next: Mina's turn"))
            #expect(
                text.contains(
                    "DTSTART;VALUE=DATE:20260131\r\nDTEND;VALUE=DATE:20260201\r\nRRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1;UNTIL=20270630"
                ))
            #expect(text.contains("UID:routine-3-2026-11-20@hearth") && text.contains("SUMMARY:Tori: Bath"), "due since the 20th, not done yet")
            #expect(text.contains("CATEGORIES:ROUTINE"))
        }
    }

    @Test("pushed through the dose reminders' scheduler: at 09:00 without a time, only to whose turn it is, not again once done")
    func reminders() async throws {
        let clock = TestClock("2026-11-25T00:00:30Z")  // 09:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let dad = try await owner.addMember("dad", role: .adult, database: database)
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let routines = RoutineRepository(database)
            let litter = try await routines.create(
                RoutineInput(
                    name: "Litter box", subjectID: nil, schedule: CareSchedule(repeatRule: .daily, times: [], start: LocalDate("2026-11-01")!),
                    assignment: .turn, members: [dad, mina]),
                by: mina)
            _ = try await routines.mark(
                routineID: litter, due: LocalDate("2026-11-24")!, status: .done, doneAt: clock.read().addingTimeInterval(-86400),
                doneDay: LocalDate("2026-11-24")!, reason: nil, accountID: dad)
            let receiver = Receiver()
            try await receiver.serve { port in
                try await ReminderRepository(database).setTargets(
                    ReminderTargets(ntfyURL: "http://127.0.0.1:\(port)/household", webhookURL: nil, againMinutes: 30))
                try await ReminderRepository(database).setMemberSettings(accountID: mina, reminders: true, ntfyURL: "http://127.0.0.1:\(port)/mina")
                let scheduler = ReminderScheduler(
                    reminders: ReminderRepository(database), database: database, areas: .standard,
                    household: try await HouseholdState(repository: HouseholdRepository(database)), push: PushTarget(),
                    strings: try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings, logger: Logger(label: "test"),
                    clock: clock.read)
                try await scheduler.tick(now: clock.read())
                var messages = await receiver.messages
                #expect(
                    messages.map(\.path).sorted() == ["/household", "/mina"],
                    "Dad did it last: Mina's turn, and only hers (to her topic; the household's tablet gets everyone's)")
                #expect(messages.allSatisfy { $0.body == "09:00 — Home: Litter box" && $0.title == "Due at 09:00" })
                _ = try await routines.mark(
                    routineID: litter, due: LocalDate("2026-11-25")!, status: .done, doneAt: clock.read(), doneDay: LocalDate("2026-11-25")!,
                    reason: nil, accountID: mina)
                clock.set("2026-11-25T00:31:00Z")
                try await scheduler.tick(now: clock.read())
                messages = await receiver.messages
                #expect(messages.count == 2, "done: not reminded again")
            }
        }
    }

    @Test("teeth for both dogs in one tap: the other dog's same routine is offered and marked in the same save; one gone meanwhile is refused")
    func together() async throws {
        let clock = TestClock(Self.morning)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let bori = try await owner.addPet("Bori", species: "dog")
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let routines = RoutineRepository(hearth.database)
            var ids: [Int64] = []
            for pet in [tori, bori] {
                ids.append(
                    try await routines.create(
                        RoutineInput(name: "Teeth", subjectID: pet, schedule: CareSchedule(repeatRule: .daily, times: [], start: LocalDate("2026-11-24")!)),
                        by: mina))
            }
            let home = try await owner.get("/").text
            #expect(home.contains(#"name="also_\#(ids[1])""#), "Tori's teeth offer Bori's")
            let done = try await owner.post("/routines/\(ids[0])/mark", ["action": "done", "due": "2026-11-25", "also_\(ids[1])": "on", "back": "/"])
            #expect(done.status == .seeOther)
            let marks = try hearth.database.read { db in
                try Row.fetchAll(db, sql: "SELECT routine_id, due_date FROM routine_mark ORDER BY routine_id").map { "\($0[0] as Int64) \($0[1] as String)" }
            }
            // Each answers its own day due (today for both: yesterday's is missed, not carried).
            #expect(marks == ["\(ids[0]) 2026-11-25", "\(ids[1]) 2026-11-25"])
            try await routines.delete(id: ids[1])
            try await owner.get("/")
            let refused = try await owner.post("/routines/\(ids[0])/mark", ["action": "undo", "due": "2026-11-25"])
            #expect(refused.status == .seeOther)
            let gone = try await owner.post("/routines/\(ids[0])/mark", ["action": "done", "due": "2026-11-25", "also_\(ids[1])": "on"])
            #expect(gone.status == .notFound)
            #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM routine_mark")! } == 1, "nothing written")
        }
    }
}
