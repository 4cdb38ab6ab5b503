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
        let subjectID: Int64?
        var state: State
    }

    private let jobs = Mutex<(next: Int, all: [Int: Job])>((1, [:]))
    private let workers = WorkerThreads(limit: 1, name: "animations")

    func start(_ frames: [AnimationFrame], settings: AnimationSettings, accountID: Int64, subjectID: Int64?, temporaryFolder: String) -> Int {
        let path = (temporaryFolder as NSString).appendingPathComponent("animation-\(UUID().uuidString).gif")
        let id = jobs.withLock { jobs in
            defer { jobs.next += 1 }
            jobs.all[jobs.next] = Job(accountID: accountID, path: path, subjectID: subjectID, state: .making(done: 0, of: frames.count))
            return jobs.next
        }
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
    }
}
