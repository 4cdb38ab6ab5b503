import Foundation
import HearthCore

/// When a dose was given, by one rule for the dose list's buttons, the outbox's replay and the
/// API: not in the future, and not long before the dose was due (a dose of 2030 is not given
/// today, nor one of today in the year 1). A past day's dose marked without a time is given
/// at its scheduled time, not at this moment, so the report shows the day it belongs to.
enum DoseMarkRule {
    /// A dose may be given this long before it is due (an evening dose at bedtime the night before).
    static let earliest: TimeInterval = 12 * 3600

    /// The moment the dose was given, or the message key of why that cannot be.
    static func givenAt(typed: Date?, due: Date, day: LocalDate, today: LocalDate, now: Date) -> Result<Date, GivenProblem> {
        let given = typed ?? (day < today ? due : now)
        if given > now.addingTimeInterval(60) { return .failure(.future) }
        if given < due.addingTimeInterval(-earliest) { return .failure(.beforeDue) }
        return .success(given)
    }

    enum GivenProblem: String, Error {
        case future = "doses.error.future"
        case beforeDue = "doses.error.before_due"
    }
}
