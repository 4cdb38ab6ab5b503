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

    public func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            shared.submit { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The queue of jobs the threads take from.
    private final class Shared: Sendable {
        private let jobs = Mutex<(waiting: [@Sendable () -> Void], stopped: Bool)>(([], false))
        private let signal = DispatchSemaphore(value: 0)

        func submit(_ job: @escaping @Sendable () -> Void) {
            jobs.withLock { $0.waiting.append(job) }
            signal.signal()
        }

        func serve() {
            #if os(Linux)
            // On Linux this lowers the nice value of this thread only: page requests go first.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            while true {
                signal.wait()
                let next: (@Sendable () -> Void)? = jobs.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
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
