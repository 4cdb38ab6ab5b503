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
        /// Who started it: the only member its page answers (its file name is theirs).
        let accountID: Int64
        var state: State
    }

    /// By an id nobody can guess (128 random bits), not a number counted up.
    /// Told of each change of a job's state, so its page's ETag moves.
    let changes: PageChanges

    init(changes: PageChanges) { self.changes = changes }
    private let jobs = Mutex<[String: Job]>([:])

    /// Starts reading the file at `path` (the caller's to delete after) and returns the job's id.
    func start(fileName: String, path: String, accountID: Int64, medicines: MedicineRepository, format: Formatting) -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        jobs.withLock { $0[id] = Job(fileName: fileName, accountID: accountID, state: .reading) }
        // The member who started it is the author of what it writes, after the request too.
        let author = ChangeAuthor.current
        Task.detached {
            await ChangeAuthor.$current.withValue(author) { await self.run(id, fileName: fileName, path: path, medicines: medicines, format: format) }
        }
        return id
    }

    private func run(_ id: String, fileName: String, path: String, medicines: MedicineRepository, format: Formatting) async {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let state: State
        do {
            switch try await MedicineImport.run(path: path, into: medicines, progress: { progress in self.set(id, .writing(progress)) }) {
            case .failure(let problem): state = .failed(MedicineImport.message(problem, format))
            case .success(let summary):
                let text = MedicineImport.summaryText(summary, format)
                state = summary.added + summary.updated + (summary.replaced?.rows ?? 0) > 0 ? .done(text) : .failed(text)
            }
        } catch {
            state = .failed(format.t("imports.problem.unreadable", ["file": fileName]))
        }
        self.set(id, state)
    }

    /// The job, if `accountID` started it.
    func job(_ id: String, accountID: Int64) -> Job? { jobs.withLock { $0[id] }.flatMap { $0.accountID == accountID ? $0 : nil } }

    private func set(_ id: String, _ state: State) {
        jobs.withLock { $0[id]?.state = state }
        // Its progress page is not in the database: its ETag must move with it.
        changes.note()
    }
}
