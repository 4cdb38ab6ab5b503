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
                        counters.state.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
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
                                counters.state.withLock {
                                    $0.now += 1
                                    $0.most = max($0.most, $0.now)
                                }
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

    @Test("one member's queue does not hold another's: with three of A's waiting, B's goes next")
    func fairTurns() async throws {
        let workers = WorkerThreads(limit: 1, name: "fair")
        let order = Order()
        let gate = DispatchSemaphore(value: 0)
        // A's first holds the thread while the rest are queued behind it.
        let first = Task {
            try await workers.run(owner: 1) {
                gate.wait()
                order.add("A0")
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        var queued: [Task<Void, Error>] = []
        for index in 1...3 {
            queued.append(Task { try await workers.run(owner: 1) { order.add("A\(index)") } })
            try await Task.sleep(for: .milliseconds(20))
        }
        queued.append(Task { try await workers.run(owner: 2) { order.add("B") } })
        try await Task.sleep(for: .milliseconds(50))
        gate.signal()
        try await first.value
        for task in queued { try await task.value }
        #expect(order.names == ["A0", "B", "A1", "A2", "A3"])
    }
}

private final class Order: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ name: String) { list.withLock { $0.append(name) } }
    var names: [String] { list.withLock { $0 } }
}
