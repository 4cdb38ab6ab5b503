import Foundation
import Synchronization
import HearthCore
import HearthStore

/// Turns pets and records into the words and numbers a member reads, in their language.
struct PetFormatting {
    let strings: Localization
    let language: Language
    let timeZone: TimeZone

    func t(_ key: String, _ values: [String: String] = [:]) -> String { strings.text(key, language, values) }

    /// "3 y 2 m" / "3년 2개월"; "about" when the birth date was estimated.
    func age(_ pet: PetProfile, today: LocalDate) -> String? {
        guard let born = pet.birthDate else { return nil }
        let age = Age(born: born, on: today)
        let text = age.years > 0
            ? t("age.years_months", ["years": String(age.years), "months": String(age.months)])
            : t("age.months", ["months": String(age.months)])
        return pet.birthDateEstimated ? t("age.about", ["age": text]) : text
    }

    func species(_ pet: PetProfile) -> String {
        pet.species == .other ? (pet.speciesOther ?? t("species.other")) : t("species.\(pet.species.rawValue)")
    }

    /// A number as people write it in both languages: "1,234.5" — no trailing zeros, at
    /// most `decimals` places. (A NumberFormatter per number cost more than the page.)
    func number(_ value: Double, decimals: Int = 2) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (abs(value) * scale).rounded() / scale
        var whole = String(Int(rounded))
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        var text = (value < 0 && rounded > 0 ? "-" : "") + whole + grouped
        let fraction = Int(((rounded - floor(rounded)) * scale).rounded())
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// A weight in the pet's unit: "4.25 kg", "350 g".
    func weight(grams: Double, unit: PetWeightUnit) -> String {
        "\(number(grams / unit.gramsPerUnit, decimals: unit == .g ? 0 : 2)) \(unit.rawValue)"
    }

    /// "+120 g" / "−0.2 kg" / "no change".
    func weightChange(grams: Double, unit: PetWeightUnit) -> String {
        let value = grams / unit.gramsPerUnit
        if abs(value) < (unit == .g ? 0.5 : 0.005) { return t("weight.no_change") }
        return "\(value > 0 ? "+" : "−")\(number(abs(value), decimals: unit == .g ? 0 : 2)) \(unit.rawValue)"
    }

    /// "Sunday, 22 November 2026" / "2026년 11월 22일 일요일".
    func dayHeading(_ date: LocalDate) -> String {
        DayHeadings.text(date, language)
    }

    func clock(_ instant: Date) -> String { LocalTime.clock(instant, in: timeZone) }

    /// The headline and the detail line of a record on a timeline.
    func summary(_ entry: StoredEntry, unit: PetWeightUnit) -> (title: String, detail: String) {
        switch entry.details {
        case .diary(let title, let text):
            return (title ?? t("kind.diary"), text.map { String($0.prefix(280)) } ?? "")
        case .weight(let value, let entered):
            let grams = value * entered.gramsPerUnit
            let change = entry.previousWeightGrams.map { " · " + weightChange(grams: grams - $0, unit: unit) } ?? ""
            return (t("kind.weight"), weight(grams: grams, unit: unit) + change)
        case .meal(_, let amount, let amountUnit, let outcome):
            var parts = [entry.foodName ?? ""]
            if let amount {
                let unit = amountUnit == .pieces && amount == 1 ? "piece" : amountUnit.rawValue
                parts.append("\(number(amount)) \(t("amount_unit.\(unit)"))")
            }
            parts.append(t("outcome.\(outcome.rawValue)"))
            // A snack or a treat is called that, not a meal.
            let title = entry.foodKind.map { $0 == .food ? t("kind.meal") : t("food_kind.\($0.rawValue)") } ?? t("kind.meal")
            return (title, parts.joined(separator: " · "))
        case .toilet(let urine, let stool, let colour, let score, let blood, let mucus):
            var parts: [String] = []
            if urine { parts.append(t("toilet.urine")) }
            if stool { parts.append(t("toilet.stool")) }
            if let colour { parts.append(t("colour.\(colour.rawValue)")) }
            if let score { parts.append(t("toilet.score_short", ["score": String(score)])) }
            if blood { parts.append(t("toilet.blood")) }
            if mucus { parts.append(t("toilet.mucus")) }
            return (t("kind.toilet"), parts.joined(separator: " · "))
        case .vomit(let times, let contents):
            return (t("kind.vomit"), [t("vomit.times", ["times": String(times)]), contents].compactMap { $0 }.joined(separator: " · "))
        case .symptom(let signs, let severity, let description):
            let named = signs.map { t("symptom.\($0)") }
            let detail = ([t("symptom.severity_short", ["severity": String(severity)])] + named + [description].compactMap { $0 }).joined(separator: " · ")
            return (t("kind.symptom"), detail)
        case .walk(let activity, let minutes, let distance):
            var parts = [t("walk.minutes", ["minutes": String(minutes)])]
            if let distance { parts.append("\(number(distance)) km") }
            return (t("activity.\(activity.rawValue)"), parts.joined(separator: " · "))
        }
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
            let formatter = state.formatters[language] ?? {
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
