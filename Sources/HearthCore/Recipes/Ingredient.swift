import Foundation

/// One line of a recipe's ingredients, read into quantity, unit, name and note where it can
/// be ("2 cups flour, sifted", "½ tsp salt", "양파 1/2개", "간장 2큰술"). What cannot be read
/// keeps its words as the name: `text` is always the line as written.
public struct Ingredient: Sendable, Equatable {
    public var quantity: Double?
    /// "2-3 cloves": the upper end of a range.
    public var upperQuantity: Double?
    public var unit: String?
    public var name: String
    public var note: String?
    public var text: String

    public init(quantity: Double? = nil, upperQuantity: Double? = nil, unit: String? = nil, name: String, note: String? = nil, text: String) {
        (self.quantity, self.upperQuantity, self.unit, self.name, self.note, self.text) = (quantity, upperQuantity, unit, name, note, text)
    }

    /// Units a line may name after its quantity, longest first within each language so that
    /// "tablespoons" is not read as "tablespoon" + "s".
    static let englishUnits = [
        "tablespoons", "tablespoon", "teaspoons", "teaspoon", "kilograms", "kilogram", "grams", "gram", "millilitres", "milliliters", "millilitre",
        "milliliter",
        "litres", "liters", "litre", "liter", "ounces", "ounce", "pounds", "pound", "cloves", "clove", "pinches", "pinch", "slices", "slice", "cans", "can",
        "cups", "cup", "tbsp", "tbs", "tsp", "kg", "mg", "ml", "dl", "cl", "lbs", "lb", "oz", "g", "l",
        // Counted things a shop sells or a cook grabs.
        "handfuls", "handful", "packages", "package", "bunches", "bunch", "blocks", "block", "sticks", "stick", "sprigs", "sprig", "pieces", "piece",
        "quarts", "quart", "dashes", "dash", "pints", "pint", "heads", "head", "jars", "jar", "bags", "bag",
    ]
    /// Words for small numbers at the start of a line, when a unit follows: "a pinch of salt".
    static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "half": 0.5,
    ]
    static let koreanUnits = [
        "작은술", "큰술", "티스푼", "스푼", "숟가락", "컵", "개", "쪽", "장", "줌", "꼬집", "대", "모", "봉", "팩", "마리", "kg", "g", "ml", "L", "l", "T", "t", "cc",
    ]
    /// Words that say how much without a number: kept as the note.
    static let koreanAmounts = ["약간", "적당량", "조금", "한줌", "소량"]
    /// Words between the quantity and the unit that describe the measure: kept as the note.
    static let measureWords = ["rounded", "level", "heaped", "heaping", "scant", "generous", "large", "small", "medium"]

    public static func parse(_ line: String) -> Ingredient {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return Ingredient(name: "", text: text) }
        if let leading = leadingQuantity(text) {
            return english(text, quantity: leading)
        }
        let words = text.split(separator: " ", maxSplits: 2)
        if words.count == 3, let value = numberWords[words[0].lowercased()], unit(String(words[1])) != nil {
            return english(text, quantity: (value, nil, text.dropFirst(words[0].count)))
        }
        if let korean = korean(text) { return korean }
        return Ingredient(name: text, text: text)
    }

    // MARK: Quantities

    private static let vulgar: [Character: Double] = [
        "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
    ]

    /// "1", "1.5", "1/2", "1 1/2", "1½", "½", "2-3", "2 to 3" at the start: the values and what follows.
    static func leadingQuantity(_ text: String) -> (Double, Double?, Substring)? {
        guard let (first, rest) = number(text[...]) else { return nil }
        var remainder = rest.drop { $0 == " " }
        for separator in ["-", "–", "to ", "~"] where remainder.hasPrefix(separator) {
            let after = remainder.dropFirst(separator.count).drop { $0 == " " }
            if let (second, tail) = number(after), second > first { return (first, second, tail) }
        }
        remainder = rest
        return (first, nil, remainder)
    }

    /// One number at the start: a whole, a decimal, a fraction, a mixed number or a vulgar fraction.
    static func number(_ text: Substring) -> (Double, Substring)? {
        var rest = text
        if let first = rest.first, let value = vulgar[first] { return (value, rest.dropFirst()) }
        let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard !digits.isEmpty, digits.first!.isNumber else { return nil }
        rest = rest.dropFirst(digits.count)
        guard var whole = Double(digits.replacingOccurrences(of: ",", with: ".")) else { return nil }
        if rest.first == "/" {
            let denominator = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard let bottom = Double(denominator), bottom > 0 else { return nil }
            return (whole / bottom, rest.dropFirst(1 + denominator.count))
        }
        if let next = rest.first, let value = vulgar[next] { return (whole + value, rest.dropFirst()) }
        // "1 1/2": a whole number, a space and a fraction.
        if rest.first == " " {
            let after = rest.dropFirst()
            let top = after.prefix { $0.isASCII && $0.isNumber }
            if !top.isEmpty, after.dropFirst(top.count).first == "/" {
                let bottomText = after.dropFirst(top.count + 1).prefix { $0.isASCII && $0.isNumber }
                if let numerator = Double(top), let bottom = Double(bottomText), bottom > 0, numerator < bottom {
                    whole += numerator / bottom
                    return (whole, after.dropFirst(top.count + 1 + bottomText.count))
                }
            }
            if let value = after.first.flatMap({ vulgar[$0] }) { return (whole + value, after.dropFirst()) }
        }
        return (whole, rest)
    }

    // MARK: English: quantity, unit, name, note

    private static func english(_ text: String, quantity: (Double, Double?, Substring)) -> Ingredient {
        var notes: [String] = []
        // Asides in brackets ("1 (15-ounce) can", "(about 550g)") are notes, wherever they are.
        var rest = ""
        var depth = 0
        var aside = ""
        for character in quantity.2 {
            if character == "(" {
                depth += 1
                if depth == 1 { continue }
            } else if character == ")", depth > 0 {
                depth -= 1
                if depth == 0 {
                    notes.append(aside.trimmingCharacters(in: CharacterSet(charactersIn: " ,;")))
                    aside = ""
                    continue
                }
            }
            if depth > 0 { aside.append(character) } else { rest.append(character) }
        }
        rest = rest.replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
        // Words describing the measure ("1 rounded teaspoon"), before the unit.
        while let word = rest.split(separator: " ").first.map(String.init), measureWords.contains(word.lowercased()),
            let next = rest.split(separator: " ").dropFirst().first, unit(String(next)) != nil
        {
            notes.append(word)
            rest = String(rest.dropFirst(word.count)).trimmingCharacters(in: .whitespaces)
        }
        var unitFound: String?
        let firstWord = rest.prefix { !$0.isWhitespace }
        if let found = unit(String(firstWord)) {
            unitFound = found
            rest = String(rest.dropFirst(firstWord.count)).trimmingCharacters(in: .whitespaces)
            if rest.hasPrefix("of ") { rest = String(rest.dropFirst(3)) }
        } else if let attached = englishUnits.first(where: { firstWord.lowercased().hasPrefix($0) && firstWord.count == $0.count }) {
            unitFound = attached
        }
        // What follows a comma is a note, not the name.
        var name = rest
        if let comma = rest.firstIndex(of: ",") {
            name = String(rest[..<comma])
            notes.append(String(rest[rest.index(after: comma)...]).trimmingCharacters(in: .whitespaces))
        }
        name = name.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "  ", with: " ")
        if name.isEmpty { return Ingredient(name: text, text: text) }
        let note = notes.filter { !$0.isEmpty }.joined(separator: "; ")
        return Ingredient(quantity: quantity.0, upperQuantity: quantity.1, unit: unitFound, name: name, note: note.isEmpty ? nil : note, text: text)
    }

    /// A unit word as Hearth writes it ("Tablespoons" → "tbsp"), or nil.
    static func unit(_ word: String) -> String? {
        let lower = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard englishUnits.contains(lower) else { return nil }
        switch lower {
        case "tablespoons", "tablespoon", "tbs": return "tbsp"
        case "teaspoons", "teaspoon": return "tsp"
        case "grams", "gram": return "g"
        case "kilograms", "kilogram": return "kg"
        case "millilitres", "milliliters", "millilitre", "milliliter": return "ml"
        case "litres", "liters", "litre", "liter": return "l"
        case "ounces", "ounce": return "oz"
        case "pounds", "pound", "lbs": return "lb"
        case "cups": return "cup"
        case "cloves": return "clove"
        case "pinches": return "pinch"
        case "slices": return "slice"
        case "cans": return "can"
        case "bunches", "dashes": return String(lower.dropLast(2))
        case "handfuls", "packages", "blocks", "sticks", "sprigs", "pieces", "quarts", "pints", "heads", "jars", "bags": return String(lower.dropLast())
        default: return lower
        }
    }

    // MARK: Korean: name first, then quantity and unit

    /// "양파 1/2개", "간장 2큰술", "두부 1모(300g)", "소금 약간".
    private static func korean(_ text: String) -> Ingredient? {
        var body = text
        var note: String?
        if let open = body.firstIndex(of: "("), let close = body[open...].firstIndex(of: ")") {
            note = String(body[body.index(after: open)..<close])
            body.removeSubrange(open...close)
            body = body.trimmingCharacters(in: .whitespaces)
        }
        for amount in koreanAmounts where body.hasSuffix(amount) {
            let name = String(body.dropLast(amount.count)).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            return Ingredient(name: name, note: [amount, note].compactMap { $0 }.joined(separator: "; "), text: text)
        }
        // The quantity starts at the first digit or vulgar fraction after the name.
        guard let start = body.firstIndex(where: { ($0.isASCII && $0.isNumber) || vulgar[$0] != nil }), start != body.startIndex else { return nil }
        let name = String(body[..<start]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, let (quantity, upper, rest) = leadingQuantity(String(body[start...])) else { return nil }
        let unitText = rest.trimmingCharacters(in: .whitespaces)
        guard unitText.isEmpty || koreanUnits.contains(unitText) || englishUnits.contains(unitText.lowercased()) else { return nil }
        return Ingredient(quantity: quantity, upperQuantity: upper, unit: unitText.isEmpty ? nil : unitText, name: name, note: note, text: text)
    }
}
