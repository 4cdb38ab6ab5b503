import Foundation
import HearthCore
import Synchronization

/// The moments the clock alone changes what a page shows: the household's day begins, a dose
/// becomes due, a dose's window passes and it is missed. Between two of them a page read
/// with nothing written is the same page, so a page's `ETag` carries the last of them, not
/// the minute. Worked out once per generation and day (`AppDatabase.clockChanges`).
final class ClockChanges: Sendable {
    private struct Kept {
        let generation: UInt64
        let day: LocalDate
        let zone: String
        /// Sorted.
        let moments: [Date]
    }
    private let kept = Mutex<Kept?>(nil)

    func last(at now: Date, in timeZone: TimeZone, generation: UInt64, database: AppDatabase) throws -> Date {
        let today = LocalDate(now, in: timeZone)
        let moments: [Date]
        if let known = kept.withLock({ $0 }), known.generation == generation, known.day == today, known.zone == timeZone.identifier {
            moments = known.moments
        } else {
            moments = try Self.moments(on: today, in: timeZone, database: database)
            kept.withLock { $0 = Kept(generation: generation, day: today, zone: timeZone.identifier, moments: moments) }
        }
        return moments.last { $0 <= now } ?? WallClock.instant(today, minutes: 0, in: timeZone)
    }

    /// Today's start, and every dose from yesterday's (whose window may end today) to
    /// today's: when it comes due, and for one not yet marked, when its window ends.
    private static func moments(on today: LocalDate, in timeZone: TimeZone, database: AppDatabase) throws -> [Date] {
        var moments = [WallClock.instant(today, minutes: 0, in: timeZone)]
        let doses = try database.snapshot { snapshot in
            try RegimenRepository.doses(access: .everyone, from: today.adding(days: -1), to: today, in: timeZone, snapshot: snapshot)
        }
        for entry in doses {
            for slot in entry.slots {
                // Every dose counts as due from its time (a calendar's "2 of 3 given"); one
                // nobody marked is also missed when its window ends.
                moments.append(slot.instant)
                if slot.logged == nil && slot.state(at: slot.instant) != .skipped {
                    moments.append(slot.instant.addingTimeInterval(DoseSlot.window))
                }
            }
        }
        return moments.sorted()
    }
}

extension AppDatabase {
    /// The last moment at or before `now` when the clock alone changed what a page shows, as
    /// worked out at `generation` (taken by the caller, who usually needs it too).
    public func lastClockChange(at now: Date, in timeZone: TimeZone, generation: UInt64) throws -> Date {
        try clockChanges.last(at: now, in: timeZone, generation: generation, database: self)
    }
}
