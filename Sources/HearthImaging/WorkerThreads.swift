import CHearthImaging
import Foundation
import Synchronization

/// Runs long work (photos, imports) on a few dedicated threads, off the event loops and the
/// cooperative thread pool, at a lower scheduling priority: while twenty photos are being
/// processed or a phone's export is read, other pages still answer at once, and memory stays
/// bounded by `limit` jobs at a time.
public final class WorkerThreads: Sendable {
    private let shared: Shared
    private let threads: Int

    /// - Parameter limit: how many photos are worked on at once (one thread each).
    public init(limit: Int, name: String = "photos") {
        let shared = Shared()
        self.shared = shared
        self.threads = max(1, limit)
        for index in 0..<threads {
            let thread = Thread { shared.serve() }
            thread.name = "hearth-\(name)-\(index)"
            thread.start()
        }
    }

    deinit { shared.stop(threads: threads) }

    /// After a large job: what malloc keeps free goes back to the system.
    public static func releaseFreeMemory() { hearth_release_free_memory() }

    /// Runs `work` on one of the threads. Jobs wait in turn; with `owner` given (a member),
    /// the next job taken is of the owner served longest ago, so one member's queue of
    /// imports never holds another's behind it.
    public func run<Value: Sendable>(owner: Int64? = nil, _ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            shared.submit(owner: owner) { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The queue of jobs the threads take from.
    private final class Shared: Sendable {
        private struct Queue {
            var waiting: [(owner: Int64?, job: @Sendable () -> Void)] = []
            var stopped = false
            /// When each owner was last served, by a count of jobs started.
            var served: [Int64: Int] = [:]
            var started = 0

            /// The first job of the owner served longest ago (jobs without an owner count as new).
            mutating func next() -> (@Sendable () -> Void)? {
                guard
                    let index = waiting.indices.min(by: {
                        last(waiting[$0].owner) < last(waiting[$1].owner) || (last(waiting[$0].owner) == last(waiting[$1].owner) && $0 < $1)
                    })
                else { return nil }
                let taken = waiting.remove(at: index)
                started += 1
                if let owner = taken.owner { served[owner] = started }
                return taken.job
            }

            private func last(_ owner: Int64?) -> Int { owner.flatMap { served[$0] } ?? 0 }
        }

        private let jobs = Mutex<Queue>(Queue())
        private let signal = DispatchSemaphore(value: 0)

        func submit(owner: Int64?, _ job: @escaping @Sendable () -> Void) {
            jobs.withLock { $0.waiting.append((owner, job)) }
            signal.signal()
        }

        func serve() {
            #if os(Linux)
            // On Linux this lowers the nice value of this thread only: page requests go first.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            while true {
                signal.wait()
                let next: (@Sendable () -> Void)? = jobs.withLock { $0.next() }
                if let next {
                    next()
                } else if jobs.withLock({ $0.stopped }) {
                    return  // jobs still waiting were taken first: each had its own signal
                }
            }
        }

        func stop(threads: Int) {
            jobs.withLock { $0.stopped = true }
            for _ in 0..<threads { signal.signal() }
        }
    }
}
