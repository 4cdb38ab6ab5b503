import Foundation
import HearthImaging
import Synchronization

/// Animated GIFs being made, for their progress page. In memory: a job does not outlive the
/// server (its file is in `tmp/`, emptied at start), and its page then says it is gone.
final class AnimationJobs: Sendable {
    enum State: Sendable {
        case making(done: Int, of: Int)
        case done(AnimationResult, seconds: Double)
        case failed
    }

    struct Job: Sendable {
        let accountID: Int64
        let path: String
        let startedAt: Date
        let subjectID: Int64?
        var state: State
    }

    /// Told of each change of a job's state, so its page's ETag moves.
    let changes: PageChanges

    init(changes: PageChanges) { self.changes = changes }
    private let jobs = Mutex<(next: Int, all: [Int: Job])>((1, [:]))
    private let workers = WorkerThreads(limit: 1, name: "animations")

    /// Starts making the GIF and returns its job's number; nil while the member's previous one
    /// is still being made (one at a time each, so nobody queues a day's worth ahead of others).
    func start(_ frames: [AnimationFrame], settings: AnimationSettings, accountID: Int64, subjectID: Int64?, temporaryFolder: String) -> Int? {
        let path = (temporaryFolder as NSString).appendingPathComponent("animation-\(UUID().uuidString).gif")
        let started: (id: Int, expired: [String])? = jobs.withLock { jobs in
            let making = jobs.all.values.contains { job in
                guard job.accountID == accountID, case .making = job.state else { return false }
                return true
            }
            if making { return nil }
            defer { jobs.next += 1 }
            // A day after it was made, a GIF nobody kept is forgotten with its file.
            let expired = jobs.all.filter { $0.value.startedAt < Date().addingTimeInterval(-86_400) }
            for old in expired.keys { jobs.all[old] = nil }
            jobs.all[jobs.next] = Job(accountID: accountID, path: path, startedAt: Date(), subjectID: subjectID, state: .making(done: 0, of: frames.count))
            return (jobs.next, expired.values.map(\.path))
        }
        guard let (id, expired) = started else { return nil }
        for old in expired { try? FileManager.default.removeItem(atPath: old) }
        Task.detached { [workers] in
            let started = Date()
            let outcome = try? await workers.run {
                Result { () throws(PhotoProblem) in
                    try AnimatedGIF.write(frames, settings: settings, to: path) { done in self.set(id, .making(done: done, of: frames.count)) }
                }
            }
            switch outcome {
            case .success(let result): self.set(id, .done(result, seconds: Date().timeIntervalSince(started)))
            default:
                try? FileManager.default.removeItem(atPath: path)
                self.set(id, .failed)
            }
        }
        return id
    }

    /// The job, only for the member who started it.
    func job(_ id: Int, accountID: Int64) -> Job? {
        jobs.withLock { $0.all[id] }.flatMap { $0.accountID == accountID ? $0 : nil }
    }

    private func set(_ id: Int, _ state: State) {
        jobs.withLock { $0.all[id]?.state = state }
        // Its progress page is not in the database: its ETag must move with it.
        changes.note()
    }
}
