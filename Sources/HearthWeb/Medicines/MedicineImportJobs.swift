import Foundation
import HearthStore
import Synchronization

/// Catalogue imports running in the background, for their progress page. The drug list is
/// 50,000 rows and takes several seconds: the upload answers at once with a page that follows
/// the import (as the phone imports do) and shows its summary at the end. Kept in memory: an
/// import does not outlive the server, and its page then says it is gone.
final class MedicineImportJobs: Sendable {
    struct Progress: Sendable {
        let rows: Int
        let written: Int
    }

    enum State: Sendable {
        case reading
        case writing(Progress)
        case done(String)
        case failed(String)
    }

    struct Job: Sendable {
        let fileName: String
        var state: State
    }

    private let jobs = Mutex<(next: Int, all: [Int: Job])>((1, [:]))

    /// Starts reading the file at `path` (the caller's to delete after) and returns the job's number.
    func start(fileName: String, path: String, medicines: MedicineRepository, format: Formatting) -> Int {
        let id = jobs.withLock { jobs in
            defer { jobs.next += 1 }
            jobs.all[jobs.next] = Job(fileName: fileName, state: .reading)
            return jobs.next
        }
        Task.detached {
            defer { try? FileManager.default.removeItem(atPath: path) }
            let state: State
            do {
                switch try await MedicineImport.run(path: path, into: medicines, progress: { progress in self.set(id, .writing(progress)) }) {
                case .failure(let problem): state = .failed(MedicineImport.message(problem, format))
                case .success(let summary):
                    let text = MedicineImport.summaryText(summary, format)
                    state = summary.added + summary.updated > 0 ? .done(text) : .failed(text)
                }
            } catch {
                state = .failed(format.t("imports.problem.unreadable", ["file": fileName]))
            }
            self.set(id, state)
        }
        return id
    }

    func job(_ id: Int) -> Job? { jobs.withLock { $0.all[id] } }

    private func set(_ id: Int, _ state: State) {
        jobs.withLock { $0.all[id]?.state = state }
    }
}
