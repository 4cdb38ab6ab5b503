import Foundation

/// When something recurring is due — a regimen's doses, a care routine (teeth every two days,
/// nails every three weeks): a repeat rule, times of day (a routine may have none), a start
/// and an optional end. Occurrences are computed from the rule for any range of days, never stored
/// ahead. The rules follow RFC 5545 so that the calendar feed's RRULEs expand to the same
/// doses (the feed's tests check that against an independent implementation):
///
/// | rule | RRULE |
/// |---|---|
/// | every day | `FREQ=DAILY` |
/// | chosen weekdays | `FREQ=WEEKLY;BYDAY=MO,WE,FR` |
/// | every N days / weeks | `FREQ=DAILY;INTERVAL=N` / `FREQ=WEEKLY;INTERVAL=N` (the start's weekday) |
/// | every N months | `FREQ=MONTHLY;INTERVAL=N;BYMONTHDAY=28,29,30,31;BYSETPOS=-1` when it starts after the 28th (see below), else `BYMONTHDAY=d` |
/// | every year | `FREQ=YEARLY` (from 29 February: `BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1`) |
/// | N days after it was last done | none: one occurrence at a time, placed by the last "done" (`due(after:)`) |
///
/// Two decisions the issue asks for, shown to the household on the regimen form:
/// - **A monthly dose on the 29th–31st falls on the month's last day** when the month is
///   shorter (31 January → 28 February → 31 March), always counted from the start's day,
///   so it does not drift to the 28th.
/// - **A time the clock skips or repeats has one occurrence** (RFC 5545 §3.3.5): a time
///   skipped by the spring change is taken with the offset before the gap (02:30 becomes
///   03:30 summer time); a time repeated in the autumn is its first occurrence (01:30 summer
///   time, not the hour after).
public struct CareSchedule: Sendable, Equatable {
    public enum Repeat: Sendable, Equatable {
        case daily
        /// Weekdays as `Calendar` counts them: 1 Sunday … 7 Saturday.
        case weekdays(Set<Int>)
        case everyDays(Int)
        case everyWeeks(Int)
        case everyMonths(Int)
        /// Every year on the start's day (29 February: the 28th in common years).
        case yearly
        /// Due this many days after it was last done (routines only): the rule places no
        /// days of its own; `due(after:)` does, from the last "done".
        case afterDone(days: Int)
        /// No schedule: doses are given when needed, at least this many minutes apart.
        case asNeeded(minimumMinutes: Int)
    }

    public enum End: Sendable, Equatable {
        case on(LocalDate)
        /// For this many days, the start day included.
        case afterDays(Int)
    }

    public var repeatRule: Repeat
    /// Minutes after midnight, ascending, no two alike.
    public var times: [Int]
    public var start: LocalDate
    public var end: End?

    public init(repeatRule: Repeat, times: [Int], start: LocalDate, end: End? = nil) {
        self.repeatRule = repeatRule
        self.times = Array(Set(times)).sorted()
        self.start = start
        self.end = end
    }

    /// The last day with doses, if the schedule ends.
    public var lastDay: LocalDate? {
        switch end {
        case .on(let day): day
        case .afterDays(let days): start.adding(days: max(days, 1) - 1)
        case nil: nil
        }
    }

    /// The first day on or after `day` with doses, if there is one within `within` days.
    public func firstDay(from day: LocalDate, within: Int = 400) -> LocalDate? {
        var candidate = max(day, start)
        for _ in 0..<within {
            if let last = lastDay, candidate > last { return nil }
            if falls(on: candidate) { return candidate }
            candidate = candidate.adding(days: 1)
        }
        return nil
    }

    /// Whether doses fall on `day` (times aside).
    public func falls(on day: LocalDate) -> Bool {
        guard day >= start, lastDay.map({ day <= $0 }) ?? true else { return false }
        let offset = day.daysSince1970 - start.daysSince1970
        switch repeatRule {
        case .daily: return true
        case .weekdays(let weekdays): return weekdays.contains(day.weekday)
        case .everyDays(let n): return offset % max(n, 1) == 0
        case .everyWeeks(let n): return offset % (7 * max(n, 1)) == 0
        case .everyMonths(let n):
            let months = (day.year * 12 + day.month) - (start.year * 12 + start.month)
            return months % max(n, 1) == 0 && start.adding(months: months) == day
        case .yearly: return start.adding(months: 12 * (day.year - start.year)) == day
        case .afterDone, .asNeeded: return false
        }
    }

    /// The day an "N days after it was last done" schedule is next due: N days after the day
    /// it was last done, or its start when it never was (nil for other rules).
    public func due(after lastDone: LocalDate?) -> LocalDate? {
        guard case .afterDone(let days) = repeatRule else { return nil }
        let day = lastDone.map { max($0.adding(days: days), start) } ?? start
        return lastDay.map { day <= $0 ? day : nil } ?? day
    }

    /// The last day on or before `day` that the rule places, looking back at most `within` days.
    public func lastDay(onOrBefore day: LocalDate, within: Int = 800) -> LocalDate? {
        var candidate = lastDay.map { min($0, day) } ?? day
        for _ in 0..<within {
            if candidate < start { return nil }
            if falls(on: candidate) { return candidate }
            candidate = candidate.adding(days: -1)
        }
        return nil
    }

    /// One dose as the rule places it.
    public struct Occurrence: Sendable, Equatable, Comparable {
        public let day: LocalDate
        /// The time as the regimen says it, minutes after midnight.
        public let time: Int
        /// When it falls: the RFC 5545 reading of a skipped or repeated time (see above).
        public let instant: Date

        public static func < (a: Occurrence, b: Occurrence) -> Bool { (a.instant, a.time) < (b.instant, b.time) }
    }

    /// Every dose on the days from `from` to `to`, in order.
    public func occurrences(from: LocalDate, to: LocalDate, in timeZone: TimeZone) -> [Occurrence] {
        var result: [Occurrence] = []
        var day = max(from, start)
        let last = lastDay.map { min($0, to) } ?? to
        while day <= last {
            if falls(on: day) {
                for time in times {
                    result.append(Occurrence(day: day, time: time, instant: WallClock.instant(day, minutes: time, in: timeZone)))
                }
            }
            day = day.adding(days: 1)
        }
        return result
    }
}

/// Local wall-clock times as instants, the way RFC 5545 reads them.
public enum WallClock {
    /// `minutes` after midnight of `day` in `timeZone`. A time inside a spring gap is read with
    /// the offset before the gap (so it lands as far after the gap as it was into it); a time
    /// the autumn repeats is its first occurrence.
    public static func instant(_ day: LocalDate, minutes: Int, in timeZone: TimeZone) -> Date {
        let wall = Double(day.daysSince1970) * 86400 + Double(minutes) * 60
        // Offsets a day either side: no zone changes its offset twice within a day.
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86400))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86400))
        let valid = Set([before, after]).filter { offset in
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - Double(offset))) == offset
        }
        // Repeated: both offsets read back; the larger offset is the earlier instant.
        if let offset = valid.max() { return Date(timeIntervalSince1970: wall - Double(offset)) }
        // Skipped: neither reads back.
        return Date(timeIntervalSince1970: wall - Double(before))
    }

    /// `08:30` → 510; nil unless `HH:MM` within the day.
    public static func minutes(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }
}

extension CareSchedule {
    /// The form's limits on "every N".
    public static let limits = (days: 365, weeks: 52, months: 12)
    /// How many times of day a form offers.
    public static let timeFields = 6

    /// What a schedule is for: a regimen's doses need a time and are placed by the calendar;
    /// a routine may have no time, may be due N days after it was last done, and has at most
    /// one time of day.
    public enum Use: Sendable { case doses, routine }

    /// Reads the schedule part of a regimen or routine form: `repeat` (daily, weekdays, days,
    /// weeks, months, years, after_done (routines), as_needed), `every`, `weekday_1`…`weekday_7`,
    /// `time_1`…`time_6`, `start`, `end` (none, date, days) with `end_date` or `end_days`, and
    /// `minimum_hours` for as needed.
    public static func validate(_ input: [String: String], for use: Use = .doses, errors: inout FieldErrors) -> CareSchedule? {
        func flag(_ name: String) -> Bool { ["on", "yes", "1", "true"].contains(input[name, default: ""]) }
        func every(_ limit: Int) -> Int? {
            guard let n = FormInput.number(input, "every", range: 1...Double(limit), whole: true, required: true, errors: &errors) else { return nil }
            guard n == n.rounded() else {
                errors.add("every", "error.number.invalid")
                return nil
            }
            return Int(n)
        }
        var rule: Repeat?
        switch input["repeat", default: "daily"] {
        case "daily": rule = .daily
        case "weekdays":
            let chosen = Set((1...7).filter { flag("weekday_\($0)") })
            if chosen.isEmpty { errors.add("weekdays", "medicines.error.weekdays") } else { rule = .weekdays(chosen) }
        case "days": rule = every(limits.days).map(Repeat.everyDays)
        case "weeks": rule = every(limits.weeks).map(Repeat.everyWeeks)
        case "months": rule = every(limits.months).map(Repeat.everyMonths)
        case "years" where use == .routine: rule = .yearly
        case "after_done" where use == .routine: rule = every(limits.days).map { Repeat.afterDone(days: $0) }
        case "as_needed" where use == .routine: rule = .asNeeded(minimumMinutes: 0)
        case "as_needed":
            let hours = FormInput.number(input, "minimum_hours", range: 0...168, units: NumberUnits.hours, required: true, errors: &errors)
            rule = hours.map { .asNeeded(minimumMinutes: Int(($0 * 60).rounded())) }
        default: errors.add("repeat", "error.choice.unknown")
        }
        var times: [Int] = []
        for field in (1...(use == .routine ? 1 : timeFields)).map({ "time_\($0)" }) {
            let raw = input[field, default: ""].trimmingCharacters(in: .whitespaces)
            guard !raw.isEmpty else { continue }
            guard let minutes = WallClock.minutes(raw) else {
                errors.add(field, "error.time.invalid")
                continue
            }
            if times.contains(minutes) { errors.add(field, "medicines.error.time_twice") } else { times.append(minutes) }
        }
        let asNeeded = if case .asNeeded = rule { true } else { false }
        if times.isEmpty && !asNeeded && use == .doses { errors.add("time_1", "medicines.error.time_required") }
        let start = LocalDate(input["start", default: ""].trimmingCharacters(in: .whitespaces))
        if start == nil { errors.add("start", "error.date.invalid") }
        var end: End?
        switch input["end", default: "none"] {
        case "none": break
        case "date":
            if let day = LocalDate(input["end_date", default: ""].trimmingCharacters(in: .whitespaces)) {
                if let start, day < start { errors.add("end_date", "medicines.error.end_before_start") } else { end = .on(day) }
            } else {
                errors.add("end_date", "error.date.invalid")
            }
        case "days":
            if let days = FormInput.number(input, "end_days", range: 1...3650, units: NumberUnits.days, whole: true, required: true, errors: &errors) {
                end = .afterDays(Int(days))
            }
        default: errors.add("end", "error.choice.unknown")
        }
        guard let rule, let start else { return nil }
        return CareSchedule(repeatRule: rule, times: asNeeded ? [] : times, start: start, end: end)
    }
}

extension CareSchedule {
    /// The RFC 5545 recurrence rule of one time of this schedule (its DTSTART is the start day
    /// at that time, in the household's zone): what the calendar feed will publish. nil for
    /// as-needed regimens, which have no occurrences. `UNTIL` is the last day's end in UTC
    /// (RFC 5545 wants UTC when DTSTART has a TZID), so the last day's doses are all inside.
    public func recurrenceRule(in timeZone: TimeZone, until: LocalDate? = nil) -> String? {
        var parts: [String]
        switch repeatRule {
        case .daily: parts = ["FREQ=DAILY"]
        case .weekdays(let weekdays):
            let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
            parts = ["FREQ=WEEKLY", "BYDAY=" + weekdays.sorted().map { names[$0 - 1] }.joined(separator: ",")]
        case .everyDays(let n): parts = ["FREQ=DAILY", "INTERVAL=\(n)"]
        case .everyWeeks(let n): parts = ["FREQ=WEEKLY", "INTERVAL=\(n)"]
        case .everyMonths(let n):
            parts = ["FREQ=MONTHLY", "INTERVAL=\(n)"]
            // After the 28th, "the start's day or the month's last day": the last of the
            // days up to the start's that the month has.
            parts += start.day > 28 ? ["BYMONTHDAY=" + (28...start.day).map(String.init).joined(separator: ","), "BYSETPOS=-1"] : ["BYMONTHDAY=\(start.day)"]
        case .yearly:
            parts = ["FREQ=YEARLY"]
            if start.month == 2 && start.day == 29 { parts += ["BYMONTH=2", "BYMONTHDAY=28,29", "BYSETPOS=-1"] }
        case .afterDone, .asNeeded: return nil
        }
        if let last = [lastDay, until].compactMap({ $0 }).min() {
            let end = WallClock.instant(last.adding(days: 1), minutes: 0, in: timeZone).addingTimeInterval(-1)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: end)
            parts.append(String(format: "UNTIL=%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!))
        }
        return parts.joined(separator: ";")
    }
}

extension CareSchedule {
    /// The schedule as its form's fields (`validate` reads them back to the same schedule).
    public var formFields: [String: String] {
        var input = ["start": start.description]
        let schedule = self
        switch schedule.repeatRule {
        case .daily: input["repeat"] = "daily"
        case .weekdays(let days):
            input["repeat"] = "weekdays"
            for day in days { input["weekday_\(day)"] = "on" }
        case .everyDays(let n):
            input["repeat"] = "days"
            input["every"] = String(n)
        case .everyWeeks(let n):
            input["repeat"] = "weeks"
            input["every"] = String(n)
        case .everyMonths(let n):
            input["repeat"] = "months"
            input["every"] = String(n)
        case .yearly: input["repeat"] = "years"
        case .afterDone(let n):
            input["repeat"] = "after_done"
            input["every"] = String(n)
        case .asNeeded(let minutes):
            input["repeat"] = "as_needed"
            input["minimum_hours"] = String(format: "%g", Double(minutes) / 60)
        }
        for (n, time) in schedule.times.enumerated() { input["time_\(n + 1)"] = String(format: "%02d:%02d", time / 60, time % 60) }
        switch schedule.end {
        case .on(let day):
            input["end"] = "date"
            input["end_date"] = day.description
        case .afterDays(let n):
            input["end"] = "days"
            input["end_days"] = String(n)
        case nil: input["end"] = "none"
        }
        return input
    }
}
