import Foundation
import GRDB
import HearthCore
import Testing

@testable import HearthStore

@Suite("What a member can keep adding is bounded")
struct BoundsTests {
    @Test(
        "one over the most trackers, routines or a member's tokens in use is refused with StoreError.full and nothing written; revoked tokens beyond the newest 20 go"
    )
    func bounds() async throws {
        let database = try AppDatabase.inMemory()
        let mina = try await AccountRepository(database).create(
            NewMember(username: "mina", displayName: "Mina", password: "a long password 1", role: .owner), passwordHash: "x"
        ).id!
        let count = { (table: String) in try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 } }

        let trackers = TrackerRepository(database)
        let tracker = ReadyMadeTracker.bloodPressure.tracker { $0 }
        for _ in 0..<Bounds.trackers { _ = try await trackers.create(tracker) }
        await #expect(throws: StoreError.full(most: Bounds.trackers)) { try await trackers.create(tracker) }
        #expect(try count("tracker") == Bounds.trackers)
        try await trackers.delete(id: 1)
        _ = try await trackers.create(tracker)

        let routines = RoutineRepository(database)
        let routine = RoutineInput(name: "Bath", subjectID: nil, schedule: CareSchedule(repeatRule: .daily, times: [], start: LocalDate("2026-12-01")!))
        for _ in 0..<Bounds.routines { _ = try await routines.create(routine, by: mina) }
        await #expect(throws: StoreError.full(most: Bounds.routines)) { try await routines.create(routine, by: mina) }
        #expect(try count("routine") == Bounds.routines)

        let tokens = APITokenRepository(database)
        var made: [Int64] = []
        for _ in 0..<Bounds.liveTokensPerMember { made.append(try await tokens.create(accountID: mina, name: "phone", scope: .read).id) }
        await #expect(throws: StoreError.full(most: Bounds.liveTokensPerMember)) { try await tokens.create(accountID: mina, name: "one more", scope: .read) }
        #expect(try count("api_token") == Bounds.liveTokensPerMember)
        // Revoke and make again, past the revoked ones kept: the oldest revoked go, the live stay.
        for round in 0..<(Bounds.revokedTokensKept + 5) {
            #expect(try await tokens.revoke(id: made.removeFirst(), accountID: mina, now: Date(timeIntervalSince1970: Double(round))))
            made.append(try await tokens.create(accountID: mina, name: "phone", scope: .read).id)
        }
        let kept = try tokens.tokens(accountID: mina)
        #expect(kept.filter { $0.revokedAt == nil }.count == Bounds.liveTokensPerMember)
        #expect(kept.filter { $0.revokedAt != nil }.count <= Bounds.revokedTokensKept + 1)
    }
}
