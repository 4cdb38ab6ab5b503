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

    /// A day by its parts unchecked: a month's first or last day, and the days just outside the
    /// calendar (10000-01-01 after 9999-12-31) that arithmetic reaches; `isOnCalendar` tells them.
    init(unchecked year: Int, _ month: Int, _ day: Int) { (self.year, self.month, self.day) = (year, month, day) }

    /// Within the calendar's years (0001 to 9999): a day a page may link to or a record may have.
    public var isOnCalendar: Bool { (1...9999).contains(year) }

    public init?(_ text: String) {
        // Read straight off the bytes: every record on a page carries its day as text.
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `instant` falls on in `timeZone`. Plain arithmetic on the zone's offset at
    /// that instant: a Calendar per record would cost more than the rest of a timeline page.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = Int(floor(instant.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: instant)
        self.init(daysSince1970: Int(floor(Double(local) / 86400)))
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    public init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        self.day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        self.month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.year = yearOfEra + era * 400 + (self.month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (the inverse of `init(daysSince1970:)`).
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2026-11-22`. Built by hand: `String(format:)` went through Foundation for every record.
    public var description: String {
        year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2)
    }

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
        // Within the calendar's years (1 to 9999), so the first or last day is no trap.
        let target = min(max(year - min(max(years, -10_000), 10_000), 1), 9999)
        return LocalDate(year: target, month: month, day: min(day, Self.daysIn(month: month, year: target))) ?? self
    }

    /// The same day `months` later; the 31st becomes the month's last day when it has fewer.
    public func adding(months: Int) -> LocalDate {
        // Within the calendar's years (1 to 9999), so the first or last month is no trap.
        let index = min(max(year * 12 + (month - 1) + min(max(months, -120_000), 120_000), 12), 9999 * 12 + 11)
        let (targetYear, targetMonth) = (index / 12, index % 12 + 1)
        return LocalDate(year: targetYear, month: targetMonth, day: min(day, Self.daysIn(month: targetMonth, year: targetYear))) ?? self
    }

    /// The day before or after.
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSince1970: daysSince1970 + days)
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

    /// Minutes after midnight of `instant` on the clock in `timeZone`.
    public static func minutes(_ instant: Date, in timeZone: TimeZone) -> Int {
        let local = Int(floor(instant.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: instant)
        return (((local % 86400) + 86400) % 86400) / 60
    }

    /// `HH:MM` of `instant` in `timeZone`.
    public static func clock(_ instant: Date, in timeZone: TimeZone) -> String {
        clock(minutes: minutes(instant, in: timeZone))
    }

    /// `HH:MM` of a minute of the day (`480` → `08:00`).
    public static func clock(minutes: Int) -> String {
        (minutes / 60).zeroPadded(2) + ":" + (minutes % 60).zeroPadded(2)
    }
}

extension LocalDate {
    /// Noon of the day in `timeZone`: the moment of something known only by its day (noon is
    /// never skipped or repeated by a clock change).
    /// The day's first moment in `timeZone` (where a clock change skips midnight, the first that exists).
    public func midnight(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.startOfDay(for: noon(in: timeZone))
    }

    public func noon(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
    }
}

extension Int {
    /// `7` → `07` at width 2: `String(format: "%02d")` without Foundation's formatter, which
    /// cost microseconds each on pages that write hundreds of dates and times.
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
