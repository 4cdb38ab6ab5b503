import Foundation

/// Writes iCalendar (RFC 5545) text: content lines ending in CRLF, folded so no line is longer
/// than 75 octets (never inside a UTF-8 character), text values escaped.
public struct ICalendarWriter: Sendable {
    public private(set) var text = ""

    public init() {}

    /// What another writer wrote (an area's events), after what this one has.
    public mutating func append(_ other: ICalendarWriter) {
        text += other.text
    }

    /// `NAME;PARAMS:value` with `value` written as it is (dates, rules, durations).
    public mutating func line(_ name: String, _ value: String) {
        fold(name + ":" + value)
    }

    /// A TEXT value: backslash, semicolon, comma and line breaks escaped (§3.3.11).
    public mutating func text(_ name: String, _ value: String) {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n": escaped += "\\n"
            case "\r": break
            default: escaped.append(character)
            }
        }
        line(name, escaped)
    }

    public mutating func begin(_ component: String) { line("BEGIN", component) }
    public mutating func end(_ component: String) { line("END", component) }

    /// Folds at 75 octets: a line break and one space start each continuation (§3.1).
    private mutating func fold(_ line: String) {
        var octets = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > limit {
                text += "\r\n "
                octets = 0
                limit = 74  // the leading space counts
            }
            text.unicodeScalars.append(scalar)
            octets += size
        }
        text += "\r\n"
    }

    // MARK: Values

    /// `20261123T080000` (a local time, used with TZID).
    public static func local(_ day: LocalDate, minutes: Int) -> String {
        String(format: "%04d%02d%02dT%02d%02d00", day.year, day.month, day.day, minutes / 60, minutes % 60)
    }

    /// `20261123`.
    public static func date(_ day: LocalDate) -> String {
        String(format: "%04d%02d%02d", day.year, day.month, day.day)
    }

    /// `20261122T233000Z`.
    public static func utc(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let day = LocalDate(daysSince1970: Int((Double(seconds) / 86400).rounded(.down)))
        let second = seconds - day.daysSince1970 * 86400
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", day.year, day.month, day.day, second / 3600, second % 3600 / 60, second % 60)
    }

    /// `+0900`, `-0430`.
    public static func offset(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return String(format: "%@%02d%02d", seconds < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }
}

/// The household's time zone as a VTIMEZONE: each change of offset between two years as its
/// own STANDARD or DAYLIGHT observance, read from the system's zone data. A zone without
/// changes (Asia/Seoul) is one STANDARD observance.
public enum TimeZoneComponent {
    public static func write(_ zone: TimeZone, fromYear: Int, toYear: Int, into writer: inout ICalendarWriter) {
        writer.begin("VTIMEZONE")
        writer.line("TZID", zone.identifier)
        // Within the calendar's years: a regimen typed as starting in 0001 asks for year 0.
        let (first, last) = (min(max(fromYear, 1), 9999), min(max(toYear, 1), 9999))
        let start = LocalDate(unchecked: first, 1, 1).midnight(in: zone)
        let end = LocalDate(unchecked: last, 12, 31).midnight(in: zone)
        var offset = zone.secondsFromGMT(for: start)
        // The offset in force at the start, from the range's first day.
        writer.begin(zone.isDaylightSavingTime(for: start) ? "DAYLIGHT" : "STANDARD")
        writer.line("DTSTART", ICalendarWriter.local(LocalDate(start, in: zone), minutes: 0))
        writer.line("TZOFFSETFROM", ICalendarWriter.offset(offset))
        writer.line("TZOFFSETTO", ICalendarWriter.offset(offset))
        writer.end(zone.isDaylightSavingTime(for: start) ? "DAYLIGHT" : "STANDARD")
        var cursor = start
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change < end {
            let after = zone.secondsFromGMT(for: change)
            let kind = zone.isDaylightSavingTime(for: change) ? "DAYLIGHT" : "STANDARD"
            // DTSTART is the local time of the change on the clock before it.
            let wall = change.addingTimeInterval(Double(offset))
            let day = LocalDate(daysSince1970: Int((wall.timeIntervalSince1970 / 86400).rounded(.down)))
            let minutes = Int(wall.timeIntervalSince1970 - Double(day.daysSince1970) * 86400) / 60
            writer.begin(kind)
            writer.line("DTSTART", ICalendarWriter.local(day, minutes: minutes))
            writer.line("TZOFFSETFROM", ICalendarWriter.offset(offset))
            writer.line("TZOFFSETTO", ICalendarWriter.offset(after))
            writer.end(kind)
            offset = after
            cursor = change
        }
        writer.end("VTIMEZONE")
    }
}
