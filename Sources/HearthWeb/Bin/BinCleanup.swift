import Foundation
import HearthStore
import Hummingbird
import Logging
import ServiceLifecycle

/// Empties what has been in the bin longer than the owner's number of days, every hour (so a
/// server that sleeps at night still does it), and removes the photos nothing holds any more.
struct BinCleanup: Service {
    let bin: BinRepository
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
        let days = try bin.days()
        let (removed, photos) = try await bin.empty(deletedBefore: Self.cutoff(now: now, days: days))
        await intake.cleanUp(photos)
        if removed > 0 { logger.info("bin: removed \(removed) deleted more than \(days) days ago") }
    }

    /// What was deleted before this goes: `days` whole days of 24 hours before `now`.
    static func cutoff(now: Date, days: Int) -> Date { now.addingTimeInterval(-Double(days) * 86_400) }
}
