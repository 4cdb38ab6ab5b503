import Foundation
import HearthCore
import HearthImaging
import HearthImports
import HearthStore
import Logging
import ServiceLifecycle

/// Makes a backup off the event loops, records it, and prunes old archives. One at a time:
/// a second start while one runs is refused by `BackupRepository.start`.
struct BackupRunner: Sendable {
    let database: AppDatabase
    let dataDirectory: String
    let runs: BackupRepository
    let household: HouseholdState
    let workers = WorkerThreads(limit: 1, name: "backups")
    let logger: Logger

    /// Starts a backup; false when one is already running.
    func start(_ trigger: BackupRun.Trigger, now: Date) async throws -> Bool {
        guard let id = try await runs.start(trigger, at: now) else { return false }
        Task { await run(id, now: now) }
        return true
    }

    func run(_ id: Int64, now: Date) async {
        do {
            let folder = try runs.folder(dataDirectory: dataDirectory)
            let made = try await workers.run { [database, dataDirectory] in
                try Backup.make(database, dataDirectory: dataDirectory, into: folder, now: now)
            }
            try await runs.finish(id, at: Date(), fileName: (made.path as NSString).lastPathComponent, bytes: made.bytes)
            prune(folder)
            logger.info("backup written: \(made.path)")
        } catch {
            // Kept as a message key and its values, so the page says it in the reader's language.
            let message =
                (error as? BackupProblem).map { ImportMessage.stored($0.messageKey, $0.messageValues) }
                ?? (StorageFull.isCause(error) ? "backup.problem.disk_full" : ImportMessage.stored("backup.problem.other", ["error": "\(error)"]))
            logger.error("backup failed: \((error as? BackupProblem)?.description ?? "\(error)")")
            try? await runs.fail(id, at: Date(), error: message)
        }
    }

    /// Keeps 7 daily, 4 weekly and 12 monthly archives (`BackupRetention`) in the folder.
    func prune(_ folder: String) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = household.settings.flatMap { TimeZone(identifier: $0.timeZone) } ?? .current
        let archives = Self.archives(in: folder)
        let kept = BackupRetention.keep(archives.map(\.date), calendar: calendar)
        for archive in archives where !kept.contains(archive.date) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(archive.name))
        }
    }

    /// The archives in a folder, newest first.
    static func archives(in folder: String) -> [(name: String, date: Date, bytes: Int)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            guard let date = Backup.date(ofArchive: name) else { return nil }
            let size = (try? FileManager.default.attributesOfItem(atPath: (folder as NSString).appendingPathComponent(name))[.size] as? Int) ?? 0
            return (name, date, size)
        }.sorted { $0.date > $1.date }
    }
}

/// The nightly backup: at 03:00 in the household's time zone, or as soon as the server is
/// up if it was down then. Checks once a minute.
struct BackupService: Service {
    static let hour = 3
    let runner: BackupRunner
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        try? await runner.runs.closeInterrupted(at: clock())
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await tick(now: clock()) } catch { logger.error("backups: \(error)") }
                try? await Task.sleep(for: .seconds(60))
            }
        }
    }

    func tick(now: Date) async throws {
        guard let zone = runner.household.settings.flatMap({ TimeZone(identifier: $0.timeZone) }),
            let due = Self.lastDueTime(before: now, in: zone)
        else { return }
        if let last = try runner.runs.lastNightlyStart(), last >= due { return }
        _ = try await runner.start(.nightly, now: now)
    }

    /// The latest 03:00 local at or before `now`.
    static func lastDueTime(before now: Date, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let today = calendar.date(bySettingHour: hour, minute: 0, second: 0, of: now) else { return nil }
        return today <= now ? today : calendar.date(byAdding: .day, value: -1, to: today)
    }
}
