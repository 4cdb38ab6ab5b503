import Foundation
import Synchronization

/// A month of the calendar: `2026-11`.
public struct YearMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        (self.year, self.month) = (year, month)
    }

    /// `2026-11`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        self.init(year: year, month: month)
    }

    public init(_ day: LocalDate) { (year, month) = (day.year, day.month) }

    public var firstDay: LocalDate { LocalDate(unchecked: year, month, 1) }
    public var lastDay: LocalDate { LocalDate(unchecked: year, month, LocalDate.daysIn(month: month, year: year)) }
    /// The month before; nil before the calendar's first month (0001-01).
    public var previous: YearMonth? { month == 1 ? YearMonth(year: year - 1, month: 12) : YearMonth(year: year, month: month - 1) }
    /// The month after; nil after the calendar's last month (9999-12). Not the month itself:
    /// a loop "until the last month" then went round forever at 9999-12 and filled the memory.
    public var next: YearMonth? { month == 12 ? YearMonth(year: year + 1, month: 1) : YearMonth(year: year, month: month + 1) }

    /// Every month from `first` through `last`, ending at the calendar's last month.
    public static func months(from first: YearMonth, through last: YearMonth) -> [YearMonth] {
        var months: [YearMonth] = []
        var month: YearMonth? = first
        while let current = month, current <= last {
            months.append(current)
            month = current.next
        }
        return months
    }

    public var description: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) }

    public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}

extension LocalDate {
    /// 1 = Sunday … 7 = Saturday (Foundation's numbering). 1 January 1970 was a Thursday.
    public var weekday: Int { ((daysSince1970 + 4) % 7 + 7) % 7 + 1 }
}

/// The weeks a month's page shows: whole weeks from the locale's first weekday, so the
/// first row may begin in the month before and the last end in the month after.
public struct MonthGrid: Sendable, Equatable {
    public let month: YearMonth
    /// 1 = Sunday, 2 = Monday.
    public let firstWeekday: Int
    public let weeks: [[LocalDate]]

    public init(_ month: YearMonth, firstWeekday: Int) {
        self.month = month
        self.firstWeekday = firstWeekday
        let first = month.firstDay
        let lead = (first.weekday - firstWeekday + 7) % 7
        var day = first.adding(days: -lead)
        var weeks: [[LocalDate]] = []
        repeat {
            weeks.append((0..<7).map { day.adding(days: $0) })
            day = day.adding(days: 7)
        } while day <= month.lastDay
        self.weeks = weeks
    }

    /// The weekdays in column order (1 = Sunday … 7 = Saturday).
    public var columns: [Int] { (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 } }
    public var firstShown: LocalDate { weeks.first!.first! }
    public var lastShown: LocalDate { weeks.last!.last! }
}

/// The first day of the week for a member: from the region of their browser's language when
/// it names one in the member's language (`en-GB` → Monday), else the language's own custom
/// (Sunday for Korean and American English).
public enum WeekStart {
    public static func firstWeekday(language: Language, acceptLanguage: String?) -> Int {
        var identifier = language == .ko ? "ko_KR" : "en_US"
        for item in (acceptLanguage ?? "").split(separator: ",") {
            let tag = item.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let parts = tag.split(separator: "-")
            if parts.count >= 2, parts[0].lowercased() == language.rawValue, parts.last!.count == 2 {
                identifier = "\(parts[0].lowercased())_\(parts.last!.uppercased())"
                break
            }
        }
        if let known = known.withLock({ $0[identifier] }) { return known }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        let first = calendar.firstWeekday
        known.withLock { $0[identifier] = first }
        return first
    }

    /// Each locale's answer, kept: making a Calendar with a Locale costs more than a calendar page's queries.
    private static let known = Mutex<[String: Int]>([:])
}
