import Foundation
import Synchronization
import Testing
@testable import HearthImaging

@Suite("Photo workers")
struct WorkerThreadsTests {
    @Test("never more than the limit at once, and the limit is used")
    func bounded() async throws {
        let workers = WorkerThreads(limit: 2)
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
        let workers = WorkerThreads(limit: 1)
        await #expect(throws: PhotoProblem.notAPhoto) { try await workers.run { throw PhotoProblem.notAPhoto } }
        #expect(try await workers.run { 42 } == 42)
    }
}

final class Counters: Sendable {
    let state = Mutex((now: 0, most: 0))
}

@Suite("Decode memory budget")
struct DecodeBudgetTests {
    /// Runs eight jobs of `cost` each on eight threads against a budget of 100; returns the most at once.
    func mostAtOnce(cost: Int) async -> Int {
        let budget = DecodeBudget(bytes: 100)
        let counters = Counters()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread {
                            budget.withReservation(cost) {
                                counters.state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                                usleep(20_000)
                                counters.state.withLock { $0.now -= 1 }
                            }
                            done.resume()
                        }.start()
                    }
                }
            }
        }
        return counters.state.withLock { $0.most }
    }

    @Test("big decodes wait for each other, small ones go side by side, one bigger than the budget still runs")
    func weighted() async {
        #expect(await mostAtOnce(cost: 60) == 1)
        #expect(await mostAtOnce(cost: 30) == 3)
        #expect(await mostAtOnce(cost: 500) == 1)
    }

    @Test("the estimate for the largest accepted photos fits the budget one at a time, and never overflows")
    func estimates() {
        #expect(DecodeBudget.estimate(format: .avif, pixels: 50_000_000) <= DecodeBudget.shared.capacity)
        #expect(DecodeBudget.estimate(format: .heif, pixels: 25_000_000) < DecodeBudget.shared.capacity)
        #expect(DecodeBudget.estimate(format: .jpeg, pixels: 12_000_000) * 10 < DecodeBudget.shared.capacity, "ordinary photos go ten at a time")
        #expect(DecodeBudget.estimate(format: .gif, pixels: .max) == .max)
    }
}
