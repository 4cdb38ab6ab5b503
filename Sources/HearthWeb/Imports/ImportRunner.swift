import Foundation
import HearthCore
import HearthImaging
import HearthImports
import HearthStore
import Synchronization

/// Runs an import in the background: the file is read on a worker thread while its progress
/// is written to the job's row every few hundred milliseconds (the progress page reads it);
/// the days are written in one transaction at the end, or the job fails with the reason and
/// nothing is written. The uploaded file is removed either way.
public struct ImportRunner: Sendable {
    let imports: ImportRepository
    let workers: WorkerThreads

    func run(jobID: Int64, subjectID: Int64, source: ImportSource, path: String, fileName: String, timeZone: TimeZone, member: Int64? = nil) async {
        defer {
            try? FileManager.default.removeItem(atPath: path)
            // What the reader held goes back to the system, not only to malloc's free lists.
            WorkerThreads.releaseFreeMemory()
        }
        let latest = LatestProgress()
        do {
            let file = try await withThrowingTaskGroup(of: ImportedFile?.self) { group in
                group.addTask {
                    try await workers.run(owner: member) {
                        try source.read(path: path, fileName: fileName, timeZone: timeZone) { progress in latest.value.withLock { $0 = progress } }
                    }
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: .milliseconds(250))
                        if let progress = latest.value.withLock({ $0 }) {
                            try await imports.progress(jobID: jobID, bytesRead: Int64(progress.bytesRead), recordsRead: progress.recordsRead)
                        }
                    }
                }
                while let result = try await group.next() {
                    if let file = result {
                        group.cancelAll()
                        return file
                    }
                }
                throw CancellationError()
            }
            try await Self.keep(file, jobID: jobID, subjectID: subjectID, timeZone: timeZone, imports: imports)
        } catch let problem as ImportProblem {
            try? await imports.fail(jobID: jobID, message: problem.storedMessage)
        } catch  where StorageFull.isCause(error) {
            try? await imports.fail(jobID: jobID, message: "error.disk_full")
        } catch {
            try? await imports.fail(jobID: jobID, message: "imports.problem.unreadable")
        }
    }
}

extension ImportRunner {
    /// Writes a file's days and ends its job: the rule the browser and `hearth import` share. A
    /// file with nothing Hearth keeps is refused; days after the household's today are left out.
    /// Returns the days written.
    @discardableResult
    public static func keep(_ file: ImportedFile, jobID: Int64, subjectID: Int64, timeZone: TimeZone, imports: ImportRepository) async throws -> Int {
        guard !file.days.isEmpty else { throw ImportProblem.nothingToImport }
        return try await imports.finish(
            jobID: jobID, subjectID: subjectID, days: file.days, through: LocalDate(Date(), in: timeZone), recordsRead: file.recordsRead)
    }
}

/// The reader's newest progress, handed from its thread to the task that records it.
private final class LatestProgress: Sendable {
    let value = Mutex<ImportProgress?>(nil)
}
