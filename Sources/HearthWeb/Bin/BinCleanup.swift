import Foundation
import HearthCore
import HearthStore
import Hummingbird
import Logging
import ServiceLifecycle

/// Empties what has been in the bin longer than the owner's number of days, every hour (so a
/// server that sleeps at night still does it), and removes the photos nothing holds any more;
/// forgets history older than the owner's number of years, if they set one.
struct BinCleanup: Service {
    let bin: BinRepository
    let history: HistoryRepository
    let intake: PhotoIntake
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await tick(now: clock()) } catch { logger.error("bin clean-up: \(error)") }
                try? await Task.sleep(for: .seconds(3600))
            }
        }
    }

    func tick(now: Date) async throws {
        let keeping = try bin.keeping()
        let (removed, photos) = try await bin.empty(deletedBefore: Self.cutoff(now: now, days: keeping.binDays))
        await intake.cleanUp(photos)
        if removed > 0 { logger.info("bin: removed \(removed) deleted more than \(keeping.binDays) days ago") }
        let forgotten = try await Self.forgetHistory(history, keeping: keeping, now: now)
        if forgotten > 0 { logger.info("history: forgot \(forgotten) changes older than the owner's years") }
    }

    /// The history's changes older than the owner's years go (none when they keep everything).
    static func forgetHistory(_ history: HistoryRepository, keeping: Keeping, now: Date) async throws -> Int {
        guard let years = keeping.historyYears else { return 0 }
        return try await history.forget(before: cutoff(now: now, years: years))
    }

    /// What was deleted before this goes: `days` whole days of 24 hours before `now`.
    static func cutoff(now: Date, days: Int) -> Date { now.addingTimeInterval(-Double(days) * 86_400) }

    /// History before this goes: `years` years of 365¼ days before `now`.
    static func cutoff(now: Date, years: Int) -> Date { now.addingTimeInterval(-Double(years) * 365.25 * 86_400) }
}
