import Foundation
import GRDB
import HearthCore

/// Reads back the instants GRDB stored. GRDB writes a `Date` as `YYYY-MM-DD HH:MM:SS.SSS`
/// in UTC and reads it back through Foundation's Calendar, which takes a process-wide lock
/// (its locale's first weekday) for every value: on a timeline page that is thirty records
/// of two event loops queueing for each other. This reads that one format off the bytes,
/// and leaves anything else to GRDB.
enum StoredTime {
    static func date(_ row: Row, _ index: Int) -> Date {
        if let text = row[index] as String?, let date = parse(text) { return date }
        return row[index]
    }

    static func optionalDate(_ row: Row, _ index: Int) -> Date? {
        row.hasNull(atIndex: index) ? nil : date(row, index)
    }

    /// `2026-11-22 09:55:00.123` (UTC); nil for any other shape or an impossible day.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 23, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x2E
            else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<(start + count) {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2), let millisecond = number(20, 3),
                hour < 24, minute < 60, second < 60,
                let date = LocalDate(year: year, month: month, day: day)
            else { return nil }
            // Foundation's Calendar (which GRDB reads through) adds the time of day to the day's
            // start, both counted from 2001 inside a Date; the same sums give the same last bit
            // (one sum of seconds and milliseconds differed for 1 in 90 instants of 2000).
            let dayStart = Double((date.daysSince1970 - 11_323) * 86400)
            let timeOfDay = Double(hour * 3600 + minute * 60 + second) + Double(millisecond) / 1000
            return Date(timeIntervalSinceReferenceDate: dayStart + timeOfDay)
        }
    }
}
