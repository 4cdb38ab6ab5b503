import Foundation
import HearthCore
import OpenAPIRuntime

/// Instants as RFC 3339 with the household's offset (`2026-11-25T08:03:00+09:00`), so a script
/// reads the household's clock without a zone database; any offset is read.
struct HouseholdDateTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        APITime.text(date, in: APICall.context?.timeZone ?? TimeZone(secondsFromGMT: 0) ?? .current)
    }

    func decode(_ text: String) throws -> Date {
        guard let date = APITime.date(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Expected an RFC 3339 date and time, got \(text)"))
        }
        return date
    }
}

enum APITime {
    static func text(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let seconds = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let day = LocalDate(daysSince1970: Int((Double(seconds) / 86400).rounded(.down)))
        let inDay = seconds - day.daysSince1970 * 86400
        let sign = offset < 0 ? "-" : "+"
        return "\(day)T\((inDay / 3600).zeroPadded(2)):\((inDay / 60 % 60).zeroPadded(2)):\((inDay % 60).zeroPadded(2))"
            + "\(sign)\((abs(offset) / 3600).zeroPadded(2)):\((abs(offset) / 60 % 60).zeroPadded(2))"
    }

    /// RFC 3339's `date-time` (section 5.6): any number of second fractions, any offset, `T`,
    /// `t` or a space between; nil for anything else or a day that does not exist.
    static func date(_ text: String) -> Date? {
        // ASCII digits only: `\d` would take `２０２６`, which `Int` then cannot read.
        guard
            let match = text.wholeMatch(
                of: /([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))/),
            let year = Int(match.1), let month = Int(match.2), let dayOfMonth = Int(match.3),
            let day = LocalDate(year: year, month: month, day: dayOfMonth),
            let hour = Int(match.4), let minute = Int(match.5), let second = Int(match.6),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var offset = 0
        if match.8 == nil, let sign = match.9 {
            guard let hours = match.10.flatMap({ Int($0) }), let minutes = match.11.flatMap({ Int($0) }), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        }
        let fraction = match.7.flatMap { Double("0" + $0) } ?? 0
        let seconds = day.daysSince1970 * 86400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
