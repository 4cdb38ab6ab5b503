import Foundation

/// How many wrong passwords the household tolerates before it slows a guesser down:
/// after `maximumFailures` failed sign-ins for one username, or `maximumFailuresPerAddress`
/// from one client address, within `window`, further tries are refused for `window` from
/// the failure that tipped it. An address is allowed more: a whole household may share one
/// (behind a reverse proxy not named as trusted, or a phone's carrier), and one child's
/// typos must not lock everyone out.
public enum SignInPolicy {
    public static let maximumFailures = 5
    public static let maximumFailuresPerAddress = 20
    public static let window: TimeInterval = 15 * 60

    /// How far back failures can still matter: one window to count them, one for the lock.
    public static func relevantSince(_ now: Date) -> Date { now.addingTimeInterval(-2 * window) }

    /// When the lock ends, or nil when sign-in is open. `failures` are the times of failed
    /// attempts for one username or one address, in any order.
    public static func lockedUntil(failures: [Date], now: Date, maximum: Int = maximumFailures) -> Date? {
        let times = failures.sorted()
        guard times.count >= maximum else { return nil }
        var lockEnd: Date?
        for index in (maximum - 1)..<times.count {
            let tipping = times[index]
            let first = times[index - (maximum - 1)]
            if tipping.timeIntervalSince(first) <= window {
                let end = tipping.addingTimeInterval(window)
                if end > now { lockEnd = max(lockEnd ?? end, end) }
            }
        }
        return lockEnd
    }
}
