import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Timelines with everything merged in")
struct PersonTimelineTests {
    /// 21:00 on Wednesday 25 November 2026 in Seoul.
    static let evening = "2026-11-25T12:00:00Z"

    @Test("a person's timeline: weighings, water and steps, doses given and missed, a routine done, an appointment, in time order")
    func person() async throws {
        let clock = TestClock(Self.evening)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let jun = try await PersonRepository(database).create(PersonProfile(name: "Jun", colour: .orange), photo: nil)
            let regimens = RegimenRepository(database)
            let vitamin = try await regimens.create(
                subjectID: jun.id,
                RegimenInput(
                    name: "Vitamin D", items: [RegimenItemInput(name: "D3", amount: 1, unit: "capsule")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-11-24")!)))
            _ = try await regimens.mark(
                regimenID: vitamin, day: LocalDate("2026-11-25")!, time: 480, status: .given, givenAt: clock.read().addingTimeInterval(-12.5 * 3600),
                reason: nil, accountID: mina)
            try await owner.get("/people/\(jun.id)")
            #expect(try await owner.post("/people/\(jun.id)/water", ["ml": "500", "day": "2026-11-25"]).status == .seeOther)
            #expect(try await owner.post("/people/\(jun.id)/weight", ["weight": "61.5", "unit": "kg"]).status.code < 400)
            let routines = RoutineRepository(database)
            let stretch = try await routines.create(
                RoutineInput(name: "Stretch", subjectID: jun.id, schedule: CareSchedule(repeatRule: .daily, times: [], start: LocalDate("2026-11-25")!)),
                by: mina)
            _ = try await routines.mark(
                routineID: stretch, due: LocalDate("2026-11-25")!, status: .done, doneAt: clock.read().addingTimeInterval(-3 * 3600),
                doneDay: LocalDate("2026-11-25")!, reason: nil, accountID: mina)
            _ = try await AppointmentRepository(database).create(
                AppointmentInput(
                    subjectID: jun.id, kind: .checkup, date: LocalDate("2026-11-24")!, minutes: 600,
                    startsAt: ISO8601DateFormatter().date(from: "2026-11-24T01:00:00Z")!, place: "Clinic"), by: mina)

            let page = try await owner.get("/people/\(jun.id)/timeline")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains("61.5"), "the weighing")
            #expect(try await owner.get("/people/\(jun.id)").text.contains("/people/\(jun.id)/timeline"))
            let order = ["Water and steps", "Stretch", "Vitamin D", "Jun check-up"].map { text.range(of: $0)?.lowerBound }
            #expect(order.allSatisfy { $0 != nil }, "\(text)")
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "newest first")
            #expect(text.contains("500 ml of water") && text.contains("given by Mina at 08:30"))
            #expect(text.contains("dose-missed"), "the 24th's dose was missed")

            // The weighing to the bin from the timeline, and back from the bin; never another's.
            let weighing = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM entry WHERE subject_id = ? AND kind = 'weight'", arguments: [jun.id])
                })
            let action = "/people/\(jun.id)/records/\(weighing)/delete"
            #expect(text.contains(#"formaction="\#(action)""#) && text.contains(#"<form id="record-delete""#))
            let grandma = try await PersonRepository(database).create(PersonProfile(name: "Grandma", colour: .teal), photo: nil)
            #expect(try await owner.post("/people/\(grandma.id)/records/\(weighing)/delete", [:]).status == .notFound, "not hers")
            let deleted = try await owner.post(action, [:])
            #expect(deleted.status == .seeOther && deleted.location == "/people/\(jun.id)/timeline?deleted=\(weighing)")
            let after = try await owner.get(deleted.location ?? "").text
            #expect(after.contains("Moved to the bin.") && !after.contains("61.5"))
            #expect(try await owner.post(action, [:]).status == .notFound, "already in the bin")
            let bin = try await owner.get("/bin").text
            #expect(bin.contains("Jun · <strong>Weight</strong> — 61.5 kg"), "\(bin.prefix(0))")
            #expect(try await owner.post("/bin/put-back", ["kind": "entry", "id": String(weighing)]).status == .seeOther)
            #expect(try await owner.get("/people/\(jun.id)/timeline").text.contains("61.5"))
        }
    }

    @Test("the cursor over records and doses: every page in order, nothing twice, nothing lost, at any depth")
    func cursor() async throws {
        let clock = TestClock(Self.evening)
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let tori = try await owner.addPet("Tori", species: "dog")
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let regimens = RegimenRepository(database)
            let pills = try await regimens.create(
                subjectID: tori,
                RegimenInput(
                    name: "Heart pills", items: [RegimenItemInput(name: "P", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480, 1200], start: LocalDate("2026-07-01")!)))
            var records: [(RecordInput, [PhotoRecord])] = []
            let zone = TimeZone(identifier: "Asia/Seoul")!
            for day in stride(from: 0, to: 150, by: 1) where day % 3 != 0 {
                let date = LocalDate("2026-07-01")!.adding(days: day)
                // Some at exactly a dose's time: ties across the two streams.
                let at = WallClock.instant(date, minutes: day % 2 == 0 ? 480 : 615, in: zone)
                records.append((RecordInput(occurredAt: at, localDate: date, note: nil, details: .walk(activity: .walk, minutes: 20, distanceKm: nil)), []))
            }
            try await EntryRepository(database).createMany(subjectID: tori, records, createdBy: mina)
            for day in stride(from: 0, to: 150, by: 4) {
                _ = try await regimens.mark(
                    regimenID: pills, day: LocalDate("2026-07-01")!.adding(days: day), time: 480, status: .given, givenAt: nil, reason: nil, accountID: mina)
            }
            let now = clock.read()
            func keys(limit: Int) throws -> [String] {
                var all: [String] = []
                var before: MergedCursor?
                for _ in 0..<500 {
                    let page = try SubjectTimeline.read(
                        database, subjectID: tori, isPerson: false, access: .everyone, filter: TimelineFilter(), before: before, limit: limit, timeZone: zone,
                        now: now)
                    all += page.items.map { "\(Int64($0.instant.timeIntervalSince1970))/\($0.key)" }
                    guard let older = page.older else { return all }
                    // Through the URL, as a member pages.
                    before = MergedCursor(older.description)
                }
                Issue.record("no end")
                return all
            }
            let everything = try keys(limit: 5000)
            // 100 walks (some typed ahead, to the 27th); two doses a day from 1 July to the 24th, this morning's (20:00 is
            // still due: not on it yet), and tomorrow morning's, already marked given.
            let expected: Int = 100 + 2 * 147 + 1 + 1
            #expect(everything.count == expected)
            for limit in [1, 7, 30] {
                let paged = try keys(limit: limit)
                #expect(paged == everything, "pages of \(limit)")
            }
            let html = try await owner.get("/pets/\(tori)/timeline").text
            #expect(html.contains("Heart pills") && html.contains("dose-given") && html.contains(#"rel="next""#))
        }
    }
}
