import Foundation
import HearthCore
import Synchronization

/// Turns values into the words and numbers a member reads, in their language: what every
/// area shares. Each area adds its own in an extension beside its pages (`Pets/PetFormatting.swift`).
struct Formatting {
    let strings: Localization
    let language: Language
    let timeZone: TimeZone

    func t(_ key: String, _ values: [String: String] = [:]) -> String { strings.text(key, language, values) }

    /// A number as people write it in both languages: "1,234.5" — no trailing zeros, at
    /// most `decimals` places. (A NumberFormatter per number cost more than the page.)
    func number(_ value: Double, decimals: Int = 2) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (abs(value) * scale).rounded() / scale
        // A stored value past what Int holds (written before its bounds were kept) is shown, not a trap.
        guard rounded.isFinite, rounded < 1e15 else { return value.isNaN ? "?" : String(format: "%.0f", value) }
        var text = (value < 0 && rounded > 0 ? "-" : "") + Int(rounded).grouped
        let fraction = Int(((rounded - floor(rounded)) * scale).rounded())
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// "Sunday, 22 November 2026" / "2026년 11월 22일 일요일".
    func dayHeading(_ date: LocalDate) -> String {
        DayHeadings.text(date, language)
    }

    /// "3 y 2 m" / "3년 2개월"; months only under a year.
    func age(born: LocalDate, today: LocalDate) -> String {
        let age = Age(born: born, on: today)
        return age.years > 0
            ? t("pets.age.years_months", ["years": String(age.years), "months": String(age.months)])
            : t("pets.age.months", ["months": String(age.months)])
    }

    /// A volume in the household's unit: "1,250 ml" / "42.3 fl oz".
    func volume(ml: Int, unit: VolumeUnit) -> String {
        switch unit {
        case .ml: "\(number(Double(ml), decimals: 0)) ml"
        case .floz: "\(number(Double(ml) / 29.5735, decimals: 1)) fl oz"
        }
    }

    func clock(_ instant: Date) -> String { LocalTime.clock(instant, in: timeZone) }

    /// "Tuesday, 24 November 2026 09:07": a moment as the household's day and clock.
    func moment(_ instant: Date) -> String { dayHeading(LocalDate(instant, in: timeZone)) + " " + clock(instant) }

    /// "November 2026" / "2026년 11월".
    func monthHeading(_ month: YearMonth) -> String {
        t("calendar.month_heading", ["month": t("calendar.month_name.\(month.month)"), "year": String(month.year)])
    }

    /// "1.2 GB", "340 MB", "12 KB": decimal units, as file managers show them.
    static func bytes(_ count: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
    }
}

/// Date formatters are costly to make and to run; one per language is kept, and what it
/// wrote is remembered: a day's heading never changes, and the same days come up on every page.
enum DayHeadings {
    private struct Key: Hashable {
        let language: Language
        let day: Int
    }

    private static let state: Mutex<(formatters: [Language: DateFormatter], written: [Key: String])> = Mutex(([:], [:]))

    static func text(_ date: LocalDate, _ language: Language) -> String {
        let key = Key(language: language, day: date.daysSince1970)
        return state.withLock { state in
            if let known = state.written[key] { return known }
            let formatter =
                state.formatters[language]
                ?? {
                    let formatter = DateFormatter()
                    formatter.locale = Locale(identifier: language == .ko ? "ko_KR" : "en_GB")
                    formatter.timeZone = TimeZone(identifier: "UTC")
                    formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMMy")
                    state.formatters[language] = formatter
                    return formatter
                }()
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(date.daysSince1970) * 86400 + 43200))
            // Bounded: ten years of days in both languages is about 7,000 short strings.
            if state.written.count >= 20_000 { state.written.removeAll(keepingCapacity: true) }
            state.written[key] = text
            return text
        }
    }
}
