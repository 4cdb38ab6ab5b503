/// How a language writes a number: the mark that groups thousands and the decimal mark.
/// Korean and English group with "," and write the decimal with "."; a language that writes
/// `4,8` for four point eight is one more row in `byLanguage`.
public struct NumberStyle: Sendable, Equatable {
    public let grouping: Character
    public let decimalMark: Character

    public static let decimalPoint = NumberStyle(grouping: ",", decimalMark: ".")
    public static let byLanguage: [Language: NumberStyle] = [.ko: .decimalPoint, .en: .decimalPoint]

    public static func of(_ language: Language?) -> NumberStyle { language.flatMap { byLanguage[$0] } ?? .decimalPoint }
}

/// Why what was typed is not a number of this field.
public enum NumberProblem: Error, Equatable, Sendable {
    /// Not a number as a person writes one (`0x10`, `1e3`, `1.2.3`).
    case notANumber
    /// A grouping mark where it groups no thousands (`4,8`, `4,80`): which was meant, 4.8 or 4,800?
    case ambiguousGrouping(decimal: String)
    /// A unit that is not this field's (`55,000kg` for a cost).
    case otherUnit
}

/// Words and marks that may be typed with a field's number, before it (`₩`) or after it (`원`, `kg`).
public enum NumberUnits {
    public static let grams = ["g", "그램"]
    public static let kilograms = ["kg", "킬로그램", "킬로"]
    public static let pounds = ["lb", "lbs", "파운드"]
    public static let millilitres = ["ml", "밀리리터", "미리"]
    public static let cups = ["cups", "cup", "컵", "잔"]
    public static let steps = ["보", "걸음", "steps", "step"]
    public static let kcal = ["kcal", "킬로칼로리", "칼로리"]
    public static let minutes = ["분", "min", "mins", "minutes"]
    public static let seconds = ["초", "s", "sec", "seconds"]
    public static let hours = ["시간", "h", "hours"]
    public static let days = ["일", "days", "day"]
    public static let months = ["개월", "달", "months", "month"]
    public static let kilometres = ["km", "킬로미터"]
    public static let times = ["회", "번", "times"]
    public static let pieces = ["개", "조각", "pieces", "piece", "pcs"]
    public static let servings = ["인분", "servings"]

    /// The marks of a currency: its code, its symbol, and its word in Korean.
    public static func money(_ currency: String?) -> [String] {
        switch currency ?? "KRW" {
        case "KRW": ["원", "₩", "KRW", "￦"]
        case "USD": ["$", "USD", "달러"]
        case "EUR": ["€", "EUR", "유로"]
        case "GBP": ["£", "GBP"]
        case "JPY": ["¥", "JPY", "엔", "円"]
        case let code: [code]
        }
    }

    public static func weight(_ unit: BodyWeightUnit) -> [String] {
        switch unit {
        case .kg: kilograms
        case .g: grams
        case .lb: pounds
        }
    }
}

public enum TypedNumber {
    /// The number in `raw` as a person writes it in `style`: digits, thousands grouped by threes
    /// (`55,000`, `1,234,000`), at most one decimal mark, a sign, and one of `units` before or
    /// after it. Not hex, exponents, `inf` or `nan`, which `Double(_:)` would all accept.
    public static func read(_ raw: String, units: [String] = [], style: NumberStyle = .decimalPoint) -> Result<Double, NumberProblem> {
        var text = Substring(raw.trimmingCharacters(in: .whitespaces))
        // The field's own unit, before or after: longest first, so "kg" is not read as "g".
        for unit in units.sorted(by: { $0.count > $1.count }) {
            if let cut = text.stripping(suffix: unit) {
                text = cut
                break
            }
            if let cut = text.stripping(prefix: unit) {
                text = cut
                break
            }
        }
        var negative = false
        if let sign = text.first, sign == "-" || sign == "+" || sign == "−" {
            negative = sign != "+"
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return .failure(.notANumber) }
        let isNumberMark = { (c: Character) in c.isASCII && (c.isNumber || c == style.grouping || c == style.decimalMark) }
        // A mark or word before the digits ("$50" for a cost in won): a unit, but not this field's.
        if let first = text.first, !isNumberMark(first) {
            let after = text.drop { !isNumberMark($0) }.trimmingCharacters(in: .whitespaces)
            let before = text.prefix { !isNumberMark($0) }
            let isUnit = !after.isEmpty && before.allSatisfy { !$0.isNumber } && (try? read(after, style: style).get()) != nil
            return .failure(isUnit ? .otherUnit : .notANumber)
        }
        let numberPart = text.prefix(while: isNumberMark)
        if numberPart.count < text.count {
            // Words after the digits: a unit, but not this field's. Digits among them are no
            // unit (`0x10`, `1e3`).
            let rest = text.dropFirst(numberPart.count).trimmingCharacters(in: .whitespaces)
            let isUnit = !rest.contains(where: \.isNumber) && (rest.first?.isLetter == true || "₩$€£¥￦%".contains(rest.first ?? " "))
            return .failure(isUnit ? .otherUnit : .notANumber)
        }
        let parts = numberPart.split(separator: style.decimalMark, omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first else { return .failure(.notANumber) }
        let fraction = parts.count == 2 ? parts[1] : nil
        if let fraction, fraction.isEmpty || fraction.contains(style.grouping) { return .failure(.notANumber) }
        let groups = whole.split(separator: style.grouping, omittingEmptySubsequences: false)
        if groups.count > 1 {
            guard groups.allSatisfy({ !$0.isEmpty }) else { return .failure(.notANumber) }
            let grouped = (1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }
            if !grouped {
                // "4,8" or "4,80": a decimal comma elsewhere, a slip here. Say what to type for each.
                if fraction == nil && groups.count == 2 { return .failure(.ambiguousGrouping(decimal: "\(groups[0])\(style.decimalMark)\(groups[1])")) }
                return .failure(.notANumber)
            }
        }
        let digits = groups.joined()
        guard !digits.isEmpty || fraction != nil else { return .failure(.notANumber) }
        guard let value = Double((digits.isEmpty ? "0" : digits) + (fraction.map { "." + $0 } ?? "")) else { return .failure(.notANumber) }
        return .success(negative ? -value : value)
    }
}

extension Substring {
    /// The text without `suffix` (and the spaces before it), matched without regard to case.
    func stripping(suffix: String) -> Substring? {
        guard count > suffix.count, lowercased().hasSuffix(suffix.lowercased()) else { return nil }
        let rest = dropLast(suffix.count)
        return Substring(rest.trimmingCharacters(in: .whitespaces))
    }

    func stripping(prefix: String) -> Substring? {
        guard count > prefix.count, lowercased().hasPrefix(prefix.lowercased()) else { return nil }
        return Substring(dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
    }
}
