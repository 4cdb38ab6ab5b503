import Foundation
import GRDB
import HearthCore
import Testing

@testable import HearthStore

@Suite("Flags read from the records")
struct FlagStoreTests {
    @Test("a medicine given every other day for fifty days: raised, since the first day its 30 days fell under 80% (read from ninety days, not one month)")
    func adherenceSince() async throws {
        let database = try AppDatabase.inMemory()
        let grandma = try await PersonRepository(database).create(PersonProfile(name: "Grandma"), photo: nil)
        let member = try await HistoryStoreTests.members(database, "mina")[0]
        let regimens = RegimenRepository(database)
        let zone = TimeZone(identifier: "Asia/Seoul")!
        let today = LocalDate("2026-11-20")!
        let start = today.adding(days: -50)
        let regimen = try await regimens.create(
            subjectID: grandma.id,
            RegimenInput(
                name: "BP", items: [RegimenItemInput(name: "Amlodipine", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: [480], start: start)))
        for offset in stride(from: 0, through: 50, by: 2) {
            let day = start.adding(days: offset)
            _ = try await regimens.mark(
                regimenID: regimen, day: day, time: 480, status: .given, givenAt: WallClock.instant(day, minutes: 480, in: zone), reason: nil, accountID: member
            )
        }
        let now = WallClock.instant(today, minutes: 12 * 60, in: zone)
        let flags = try database.snapshot { snapshot in
            try FlagRepository.flags(
                try SubjectRepository.subjects(access: .everyone, in: snapshot), access: .everyone, today: today, now: now, timeZone: zone, in: snapshot)
        }
        let adherence = try #require(flags.first?.raised.map(\.flag).first { $0.rule == .lowAdherence })
        #expect(adherence.regimenID == regimen && adherence.figures["percent"] == 50)
        // Its first day with 30 days behind it of which at least 10 due over 7 days: 41 days ago
        // the window held 10 due, 5 given. Thirty-two days of doses would have said 18 days ago.
        #expect(adherence.since < today.adding(days: -32), "since \(adherence.since)")
    }
}
