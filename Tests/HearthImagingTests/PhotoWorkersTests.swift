import Foundation
import Synchronization
import Testing
@testable import HearthImaging

@Suite("Photo workers")
struct PhotoWorkersTests {
    @Test("never more than the limit at once, and the limit is used")
    func bounded() async throws {
        let workers = PhotoWorkers(limit: 2)
        let counters = Counters()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    _ = try await workers.run {
                        counters.state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        usleep(30_000)
                        counters.state.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(counters.state.withLock { $0.most } == 2)
    }

    @Test("an error thrown by the work reaches the caller, and the slot is freed")
    func errors() async throws {
        let workers = PhotoWorkers(limit: 1)
        await #expect(throws: PhotoProblem.notAPhoto) { try await workers.run { throw PhotoProblem.notAPhoto } }
        #expect(try await workers.run { 42 } == 42)
    }
}

final class Counters: Sendable {
    let state = Mutex((now: 0, most: 0))
}
