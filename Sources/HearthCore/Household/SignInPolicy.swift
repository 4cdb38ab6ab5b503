import Foundation

/// How many wrong passwords the household tolerates before it slows a guesser down, within
/// `window`, each lock lasting `window` from the failure that tipped it:
/// - `maximumFailures` for one username **from one address**: the guesser at one device is
///   stopped, while the member signs in from their own phone as usual. (Before, five wrong
///   passwords from anywhere locked the owner out everywhere: one stranger could keep the
///   household out.)
/// - `maximumFailuresPerAddress` from one address, whatever the usernames: an address is
///   allowed more, since a whole household may share one (behind a reverse proxy not named as
///   trusted), and one child's typos must not lock everyone out.
/// - `maximumFailuresPerUsername` for one username from every address together: guessing
///   spread over many addresses is still slowed, at a count no household's typos reach.
/// A right token or password is never refused for a lock on its address: a 256-bit token is
/// not a guess, and a lock slows the guesser, not the household (see `APITokenMiddleware`).
public enum SignInPolicy {
    public static let maximumFailures = 5
    public static let maximumFailuresPerAddress = 20
    public static let maximumFailuresPerUsername = 50
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
