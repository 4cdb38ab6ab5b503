import Foundation
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

/// The forms that would add one over `Bounds` say so on their field (the store's own test
/// covers the counting), and write nothing.
@Suite("A full collection, as the member meets it")
struct BoundsWebTests {
    @Test("the 101st tracker, the 201st routine and the 21st token are refused on the form's name field, in the member's words")
    func formsSayItIsFull() async throws {
        try await withHousehold { hearth, owner in
            let trackers = TrackerRepository(hearth.database)
            for _ in 0..<Bounds.trackers { _ = try await trackers.create(ReadyMadeTracker.bloodPressure.tracker { $0 }) }
            try await owner.get("/trackers/new")
            let tracker = try await owner.post("/trackers", ["name": "Coughs", "subjects": "people", "field_1_name": "How", "field_1_kind": "text"])
            #expect(tracker.status == .unprocessableContent && tracker.text.contains("The household already has 100 trackers."))

            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let routines = RoutineRepository(hearth.database)
            let bath = RoutineInput(name: "Bath", subjectID: nil, schedule: CareSchedule(repeatRule: .daily, times: [], start: LocalDate("2026-12-01")!))
            for _ in 0..<Bounds.routines { _ = try await routines.create(bath, by: mina) }
            try await owner.get("/routines/new")
            let routine = try await owner.post("/routines", ["subject": "", "name": "Teeth", "repeat": "days", "every": "2", "start": "2026-01-01"])
            #expect(routine.status == .unprocessableContent && routine.text.contains("The household already has 200 routines."))

            let tokens = APITokenRepository(hearth.database)
            for _ in 0..<Bounds.liveTokensPerMember { _ = try await tokens.create(accountID: mina, name: "phone", scope: .read) }
            try await owner.get("/me")
            let token = try await owner.post("/me/tokens", ["name": "kitchen tablet", "scope": "read"])
            #expect(token.text.contains("You already have 20 tokens in use."), "\(token.status)")
            #expect(try tokens.tokens(accountID: mina).count == Bounds.liveTokensPerMember, "nothing written")
        }
    }
}
