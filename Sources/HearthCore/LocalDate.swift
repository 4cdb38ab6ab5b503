import Foundation

/// A day on the household's calendar, with no time and no zone: birthdays, adoption days,
/// the day a record belongs to. Written `YYYY-MM-DD`; sorts as text.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// nil for anything that is not a real day: `2023-02-29`, `2024-13-01`, `yesterday`.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `instant` falls on in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        self.year = parts.year!
        self.month = parts.month!
        self.day = parts.day!
    }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The same day `years` earlier (29 February becomes 28 February in common years).
    public func minus(years: Int) -> LocalDate {
        let target = year - years
        return LocalDate(year: target, month: month, day: min(day, Self.daysIn(month: month, year: target)))!
    }

    /// The day before or after.
    public func adding(days: Int) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return LocalDate(calendar.date(byAdding: .day, value: days, to: start)!, in: calendar.timeZone)
    }
}

/// A moment as the household reads it: a local day and a time of day in its time zone.
public enum LocalTime {
    public enum Problem: Error, Equatable, Sendable {
        case badDate, badTime
        /// The clock jumped over this time that day (the start of summer time).
        case skippedByClockChange
    }

    /// The instant a person means by `date` `time` (`HH:MM`) in `timeZone`.
    public static func instant(date: String, time: String, in timeZone: TimeZone) -> Result<Date, Problem> {
        guard let day = LocalDate(date) else { return .failure(.badDate) }
        let parts = time.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else {
            return .failure(.badTime)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        guard let instant = calendar.date(from: components) else { return .failure(.badTime) }
        // A time that does not exist that day comes back shifted; refuse it rather than guess.
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        guard back.year == day.year, back.month == day.month, back.day == day.day, back.hour == hour, back.minute == minute else {
            return .failure(.skippedByClockChange)
        }
        return .success(instant)
    }

    /// `HH:MM` of `instant` in `timeZone`.
    public static func clock(_ instant: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return String(format: "%02d:%02d", parts.hour!, parts.minute!)
    }
}
