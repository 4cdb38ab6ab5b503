import Foundation
import HearthCore
import GRDB
import Testing
@testable import HearthStore

@Suite("Regimens in the store")
struct RegimenStoreTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    func times(_ regimens: RegimenRepository, _ day: String) throws -> [Int] {
        try regimens.doses(access: .everyone, from: LocalDate(day)!, to: LocalDate(day)!, in: Self.seoul).flatMap { $0.slots.map(\.minutes) }
    }

    @Test("a regimen's start moved back (7 Dec → 1 Nov, saved on the 7th): its medicine is given on every day it covers, and a dose changed too starts today")
    func startMovedBack() async throws {
        let database = try AppDatabase.inMemory()
        let grandma = try await PersonRepository(database).create(PersonProfile(name: "할머니", colour: .teal), photo: nil)
        let regimens = RegimenRepository(database)
        let item = RegimenItemInput(name: "암로디핀", amount: 5, unit: "mg")
        let today = LocalDate("2026-12-07")!
        let id = try await regimens.create(
            subjectID: grandma.id, RegimenInput(name: "혈압약", items: [item], schedule: CareSchedule(repeatRule: .daily, times: [480], start: today)))
        let back = CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-11-01")!)
        try await regimens.update(id: id, RegimenInput(name: "혈압약", items: [item], schedule: back), today: today)
        var regimen = try #require(try regimens.regimen(id: id, access: .everyone))
        #expect(regimen.items(on: LocalDate("2026-11-02")!).map(\.input.name) == ["암로디핀"])
        #expect(regimen.items(on: today).map(\.input.name) == ["암로디핀"])
        // The amount changes today: the days before keep 5 mg, today on 10 mg.
        var stronger = item
        stronger.amount = 10
        try await regimens.update(id: id, RegimenInput(name: "혈압약", items: [stronger], schedule: back), today: today)
        regimen = try #require(try regimens.regimen(id: id, access: .everyone))
        #expect(regimen.items(on: LocalDate("2026-11-02")!).map(\.input.amount) == [5])
        #expect(regimen.items(on: today).map(\.input.amount) == [10])
    }

    @Test("changed from a day on, twice the same day: the past keeps its times, spans never overlap, every 3 days stays in step")
    func spans() async throws {
        let database = try AppDatabase.inMemory()
        let mom = try await PersonRepository(database).create(PersonProfile(name: "Mom", colour: .teal), photo: nil)
        let regimens = RegimenRepository(database)
        let item = RegimenItemInput(name: "Vitamin D", amount: 1, unit: "capsule")
        let start = LocalDate("2026-11-01")!
        let id = try await regimens.create(
            subjectID: mom.id, RegimenInput(name: "Vitamins", items: [item], schedule: CareSchedule(repeatRule: .everyDays(3), times: [480], start: start)))
        let today = LocalDate("2026-11-10")!
        #expect(try times(regimens, "2026-11-10") == [480], "read (and kept) before the change")
        try await regimens.update(
            id: id, RegimenInput(name: "Vitamins", items: [item], schedule: CareSchedule(repeatRule: .everyDays(3), times: [540], start: start)), today: today)
        try await regimens.update(
            id: id, RegimenInput(name: "Vitamins", items: [item], schedule: CareSchedule(repeatRule: .everyDays(3), times: [600], start: start)), today: today)
        #expect(try times(regimens, "2026-11-07") == [480])
        #expect(try times(regimens, "2026-11-10") == [600], "the second change the same day replaced the first")
        #expect(try times(regimens, "2026-11-11") == [])
        #expect(try times(regimens, "2026-11-13") == [600], "still every third day from the 1st")
        let regimen = try #require(try regimens.regimen(id: id, access: .everyone))
        #expect(regimen.spans.count == 2 && regimen.spans[0].until == LocalDate("2026-11-09") && regimen.spans[1].from == today)

        // The item changes dose from the 10th: the 7th still shows the old one.
        try await regimens.update(
            id: id,
            RegimenInput(
                name: "Vitamins", items: [RegimenItemInput(name: "Vitamin D", amount: 2, unit: "capsule")],
                schedule: CareSchedule(repeatRule: .everyDays(3), times: [600], start: start)), today: today)
        let changed = try #require(try regimens.regimen(id: id, access: .everyone))
        #expect(changed.items(on: LocalDate("2026-11-07")!).map(\.input.amount) == [1])
        #expect(changed.items(on: today).map(\.input.amount) == [2])

        // Deleted: gone from the list, its past doses (and today's mark) still there.
        let mina = try await database.write { db in
            try db.execute(
                sql: "INSERT INTO account(username, display_name, password_hash, role, created_at, updated_at) VALUES ('mina', 'Mina', 'x', 'owner', ?, ?)",
                arguments: [Date(), Date()])
            return db.lastInsertedRowID
        }
        _ = try await regimens.mark(regimenID: id, day: LocalDate("2026-11-07")!, time: 480, status: .given, givenAt: Date(), reason: nil, accountID: mina)
        try await regimens.delete(id: id, today: LocalDate("2026-11-12")!)
        #expect(try regimens.regimens(access: .everyone).isEmpty)
        let past = try regimens.doses(access: .everyone, from: LocalDate("2026-11-07")!, to: LocalDate("2026-11-07")!, in: Self.seoul)
        #expect(past.first?.slots.first?.logged?.status == .given)
        #expect(try times(regimens, "2026-11-13") == [])
        // Another regimen may take the deleted one's name.
        _ = try await regimens.create(
            subjectID: mom.id, RegimenInput(name: "vitamins", items: [item], schedule: CareSchedule(repeatRule: .daily, times: [480], start: start)))
        await #expect(throws: StoreError.regimenNameTaken) {
            _ = try await regimens.create(
                subjectID: mom.id, RegimenInput(name: "VITAMINS", items: [item], schedule: CareSchedule(repeatRule: .daily, times: [480], start: start)))
        }
    }

    @Test("a regimen made at 20:50 starting today has no missed morning doses: its first day holds only doses still in their window")
    func startsWhenMade() async throws {
        let database = try AppDatabase.inMemory()
        let grandma = try await PersonRepository(database).create(PersonProfile(name: "Grandma", colour: .teal), photo: nil)
        let regimens = RegimenRepository(database)
        let today = LocalDate("2026-11-24")!
        let madeAt = WallClock.instant(today, minutes: 20 * 60 + 50, in: Self.seoul)
        let schedule = CareSchedule(repeatRule: .daily, times: [420, 480, 720, 1200, 1290], start: today)
        let id = try await regimens.create(
            subjectID: grandma.id, RegimenInput(name: "Heart", items: [RegimenItemInput(name: "Aspirin", amount: 1, unit: "tablet")], schedule: schedule),
            now: madeAt)
        #expect(try times(regimens, "2026-11-24") == [1200, 1290], "20:00 (still in its window) and 21:30 are doses of the first day; the morning's are not")
        #expect(try times(regimens, "2026-11-25") == [420, 480, 720, 1200, 1290])
        let slots = try regimens.doses(access: .everyone, from: today, to: today, in: Self.seoul).flatMap(\.slots)
        #expect(!slots.contains { $0.state(at: madeAt.addingTimeInterval(60)) == .missed })
        // A start typed on an earlier day keeps that day's doses: history being recorded.
        let typed = try await regimens.create(
            subjectID: grandma.id,
            RegimenInput(
                name: "Eyes", items: [RegimenItemInput(name: "Drops", amount: 1, unit: "drop")],
                schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-11-20")!)), now: madeAt)
        #expect(try regimens.doses(access: .everyone, regimenID: typed, from: LocalDate("2026-11-20")!, to: today, in: Self.seoul).flatMap(\.slots).count == 5)
        _ = id
    }
}
