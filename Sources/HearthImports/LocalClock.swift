import Foundation
import HearthCore

/// The household's local day and hour of an instant, for millions of records: the zone's
/// offset is asked once per quarter hour of time (every offset change in the tz database
/// falls on a quarter hour), then it is arithmetic.
struct LocalClock {
    let timeZone: TimeZone
    private var offsets: [Int64: Int32] = [:]

    init(_ timeZone: TimeZone) { self.timeZone = timeZone }

    /// Local days since 1970 and the local hour (0–23).
    mutating func dayAndHour(epochSeconds: Int64) -> (day: Int, hour: Int) {
        let slot = epochSeconds >= 0 ? epochSeconds / 900 : (epochSeconds - 899) / 900
        let offset: Int32
        if let known = offsets[slot] {
            offset = known
        } else {
            offset = Int32(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(slot * 900))))
            offsets[slot] = offset
        }
        let local = epochSeconds + Int64(offset)
        let day = local >= 0 ? local / 86400 : (local - 86399) / 86400
        return (Int(day), Int((local - day * 86400) / 3600))
    }
}

/// `2014-09-13 10:27:54 +0100` (Apple Health's dates, each with its own offset) as seconds
/// since 1970; nil for anything else.
func appleHealthInstant(_ bytes: UnsafeRawBufferPointer) -> Int64? {
    guard bytes.count >= 25, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
        bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: " ")
    else { return nil }
    func number(_ start: Int, _ length: Int) -> Int? {
        var value = 0
        for i in start..<start + length {
            let digit = Int(bytes[i]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
    let sign = bytes[20]
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
        let year = number(0, 4), let month = number(5, 2), let dayOfMonth = number(8, 2),
        let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
        let offsetHours = number(21, 2), let offsetMinutes = number(23, 2),
        let date = LocalDate(year: year, month: month, day: dayOfMonth), hour < 24, minute < 60, second < 61
    else { return nil }
    let offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
    return Int64(date.daysSince1970) * 86400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
}

/// A decimal number written by a machine ("329", "72.5", "1e3"); nil for anything else.
func decimalNumber(_ bytes: UnsafeRawBufferPointer) -> Double? {
    guard bytes.count > 0, bytes.count < 64 else { return nil }
    // strtod needs a terminated string; the value is short, so a stack copy is cheap.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
        for i in 0..<bytes.count { buffer[i] = CChar(bitPattern: bytes[i]) }
        buffer[bytes.count] = 0
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(buffer.baseAddress!, &end)
        guard let end, end == buffer.baseAddress! + bytes.count, value.isFinite else { return nil }
        return value
    }
}
