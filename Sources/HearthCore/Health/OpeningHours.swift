import Foundation

/// A clinic's week: for each weekday (1 Sunday … 7 Saturday, as `Calendar` counts) its
/// ranges of opening, in minutes after midnight. A range that ends at or before it starts
/// runs past midnight: Monday's 22:00–06:00 is Monday night into Tuesday morning.
public struct OpeningHours: Sendable, Equatable {
    public struct Range: Sendable, Equatable {
        public let start: Int
        public let end: Int

        public init(start: Int, end: Int) { (self.start, self.end) = (start, end) }

        public var crossesMidnight: Bool { end <= start }
        public var text: String { "\(Self.clock(start))–\(Self.clock(end))" }
        static func clock(_ minutes: Int) -> String { LocalTime.clock(minutes: minutes) }
    }

    /// Index 0 is Sunday.
    public var days: [[Range]]

    public init(days: [[Range]] = Array(repeating: [], count: 7)) { self.days = days }

    public var isEmpty: Bool { days.allSatisfy(\.isEmpty) }

    /// Open at this wall-clock moment in `timeZone`? Tonight's ranges and yesterday's that ran
    /// past midnight both count. Wall-clock minutes, not elapsed time: a door marked
    /// 22:00–06:00 closes at 06:00 on the clock, on the night the clocks change as on any other.
    public func isOpen(at instant: Date, in timeZone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: instant)
        let weekday = (parts.weekday ?? 1) - 1
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        for range in days[weekday] {
            if range.crossesMidnight ? minute >= range.start : (minute >= range.start && minute < range.end) { return true }
        }
        for range in days[(weekday + 6) % 7] where range.crossesMidnight {
            if minute < range.end { return true }
        }
        return false
    }

    /// When it next opens after `instant` on the wall clock: days from today (0 today, 1
    /// tomorrow …), that day's weekday (0 Sunday) and the minute it opens. nil when no day of
    /// the week has hours.
    public func nextOpening(after instant: Date, in timeZone: TimeZone) -> (days: Int, weekday: Int, minute: Int)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: instant)
        let weekday = (parts.weekday ?? 1) - 1
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        for ahead in 0...7 {
            let starts = days[(weekday + ahead) % 7].map(\.start).sorted()
            if let start = starts.first(where: { ahead > 0 || $0 > minute }) { return (ahead, (weekday + ahead) % 7, start) }
        }
        return nil
    }

    /// One weekday's ranges as written in the form: `09:00-12:30, 14:00-18:00` or `22:00-06:00`;
    /// empty is closed. nil when it cannot be read.
    public static func parseDay(_ text: String) -> [Range]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return [] }
        var ranges: [Range] = []
        for part in trimmed.split(separator: ",") {
            let ends = part.split(whereSeparator: { $0 == "-" || $0 == "–" || $0 == "~" }).map { $0.trimmingCharacters(in: .whitespaces) }
            guard ends.count == 2, let start = minutes(ends[0]), let end = minutes(ends[1]), start != end || start == 0 else { return nil }
            ranges.append(Range(start: start, end: end == 24 * 60 ? 0 : end))
        }
        return ranges
    }

    public func dayText(_ weekday: Int) -> String { days[weekday].map(\.text).joined(separator: ", ") }

    /// `09:00` or `9:00` or `24:00`, as minutes after midnight.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...24).contains(hour), (0..<60).contains(minute),
            hour * 60 + minute <= 24 * 60
        else { return nil }
        return hour * 60 + minute
    }

    /// Stored as seven lines of `HH:MM-HH:MM,…`, Sunday first.
    public var stored: String {
        (0..<7).map { day in days[day].map { "\(Range.clock($0.start))-\(Range.clock($0.end))" }.joined(separator: ",") }.joined(separator: "\n")
    }

    public init(stored: String) {
        var days = Array(repeating: [Range](), count: 7)
        for (index, line) in stored.split(separator: "\n", omittingEmptySubsequences: false).prefix(7).enumerated() {
            days[index] = Self.parseDay(String(line)) ?? []
        }
        self.days = days
    }
}
