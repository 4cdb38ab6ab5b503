import Foundation
import GRDB
import HearthCore

/// A `CareSchedule` as the columns of `regimen_schedule` and `routine` hold it.
enum StoredSchedule {
    static func values(_ schedule: CareSchedule) -> [String: (any DatabaseValueConvertible)?] {
        var repeatName: String, every: Int?, weekdays: String?, minimum: Int?
        switch schedule.repeatRule {
        case .daily: repeatName = "daily"
        case .weekdays(let days):
            repeatName = "weekdays"
            weekdays = days.sorted().map(String.init).joined(separator: ",")
        case .everyDays(let n):
            repeatName = "days"
            every = n
        case .everyWeeks(let n):
            repeatName = "weeks"
            every = n
        case .everyMonths(let n):
            repeatName = "months"
            every = n
        case .yearly: repeatName = "years"
        case .afterDone(let n):
            repeatName = "after_done"
            every = n
        case .asNeeded(let minutes):
            repeatName = "as_needed"
            minimum = minutes
        }
        var endDate: String?, endDays: Int?
        switch schedule.end {
        case .on(let day): endDate = day.description
        case .afterDays(let n): endDays = n
        case nil: break
        }
        return [
            "repeat": repeatName, "every": every, "weekdays": weekdays, "minimum_minutes": minimum,
            "times": schedule.times.map(String.init).joined(separator: ","), "start_date": schedule.start.description,
            "end_date": endDate, "end_days": endDays,
        ]
    }

    /// The columns `schedule(_:from:)` reads, in order.
    static let columns = "repeat, every, weekdays, times, minimum_minutes, start_date, end_date, end_days, from_date, until_date"

    /// The schedule from a row holding `columns` from position `first` on.
    static func schedule(_ row: Row, from first: Int) -> CareSchedule {
        let every: Int = row[first + 1] ?? 1
        let rule: CareSchedule.Repeat =
            switch row[first] as String {
            case "weekdays": .weekdays(Set(((row[first + 2] as String?) ?? "").split(separator: ",").compactMap { Int($0) }))
            case "days": .everyDays(every)
            case "weeks": .everyWeeks(every)
            case "months": .everyMonths(every)
            case "years": .yearly
            case "after_done": .afterDone(days: every)
            case "as_needed": .asNeeded(minimumMinutes: row[first + 4] ?? 0)
            default: .daily
            }
        var end: CareSchedule.End?
        if let day = (row[first + 6] as String?).flatMap(LocalDate.init) { end = .on(day) }
        if let days = row[first + 7] as Int? { end = .afterDays(days) }
        let times = ((row[first + 3] as String?) ?? "").split(separator: ",").compactMap { Int($0) }
        return CareSchedule(repeatRule: rule, times: times, start: LocalDate(row[first + 5] as String) ?? LocalDate(year: 2000, month: 1, day: 1)!, end: end)
    }

    static func span(_ row: Row, from first: Int) -> ScheduleSpan {
        ScheduleSpan(
            schedule: schedule(row, from: first), from: (row[first + 8] as String?).flatMap(LocalDate.init),
            until: (row[first + 9] as String?).flatMap(LocalDate.init))
    }
}
