import Foundation
import GRDB
import HearthCore

/// A `DoseSchedule` as the columns of `regimen_schedule` hold it.
enum StoredSchedule {
    static func columns(_ schedule: DoseSchedule) -> [String: (any DatabaseValueConvertible)?] {
        var repeatName: String, every: Int?, weekdays: String?, minimum: Int?
        switch schedule.repeatRule {
        case .daily: repeatName = "daily"
        case .weekdays(let days): repeatName = "weekdays"; weekdays = days.sorted().map(String.init).joined(separator: ",")
        case .everyDays(let n): repeatName = "days"; every = n
        case .everyWeeks(let n): repeatName = "weeks"; every = n
        case .everyMonths(let n): repeatName = "months"; every = n
        case .asNeeded(let minutes): repeatName = "as_needed"; minimum = minutes
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

    static func schedule(_ row: Row) -> DoseSchedule {
        let every: Int = row["every"] ?? 1
        let rule: DoseSchedule.Repeat = switch row["repeat"] as String {
        case "weekdays": .weekdays(Set(((row["weekdays"] as String?) ?? "").split(separator: ",").compactMap { Int($0) }))
        case "days": .everyDays(every)
        case "weeks": .everyWeeks(every)
        case "months": .everyMonths(every)
        case "as_needed": .asNeeded(minimumMinutes: row["minimum_minutes"] ?? 0)
        default: .daily
        }
        var end: DoseSchedule.End?
        if let day = (row["end_date"] as String?).flatMap(LocalDate.init) { end = .on(day) }
        if let days = row["end_days"] as Int? { end = .afterDays(days) }
        let times = ((row["times"] as String?) ?? "").split(separator: ",").compactMap { Int($0) }
        return DoseSchedule(repeatRule: rule, times: times, start: LocalDate(row["start_date"] as String) ?? LocalDate(year: 2000, month: 1, day: 1)!, end: end)
    }

    static func span(_ row: Row) -> ScheduleSpan {
        ScheduleSpan(schedule: schedule(row), from: (row["from_date"] as String?).flatMap(LocalDate.init), until: (row["until_date"] as String?).flatMap(LocalDate.init))
    }
}
