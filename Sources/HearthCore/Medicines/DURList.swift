import Foundation

/// Which public DUR list (의약품안전사용서비스): the pairs not to be given together (병용금기) or
/// the cautions for older people (노인주의).
public enum DURList: String, Sendable, CaseIterable { case pairs = "dur_pairs", elderly = "dur_elderly" }

/// One ingredient as the public DUR lists (의약품안전사용서비스) name it.
public struct DURIngredient: Sendable, Equatable {
    public let code: String?
    /// Its Korean name, as the list writes it.
    public let name: String
    public let english: String?

    public init(code: String?, name: String, english: String?) { (self.code, self.name, self.english) = (code, name, english) }

    /// The names it is matched by (`IngredientName.key` of each).
    public var keys: [String] { [name, english].compactMap { $0 }.map(IngredientName.key).filter { !$0.isEmpty } }
}

/// Two ingredients not to be given together (병용금기), in the list's own words.
public struct DURPair: Sendable, Equatable {
    public let first: DURIngredient
    public let second: DURIngredient
    /// 금기내용: why, as the list says it.
    public let content: String?
    /// 고시일자: when the list took it in, as `2024-06-10` when it was written as digits.
    public let notified: String?

    public init(first: DURIngredient, second: DURIngredient, content: String?, notified: String?) {
        (self.first, self.second, self.content, self.notified) = (first, second, content, notified)
    }

    /// The same pair whichever side a list writes first: importing again updates it.
    public var key: String { [first, second].map { $0.code ?? IngredientName.key($0.name) }.sorted().joined(separator: "+") }
}

/// An ingredient to use with care in people 65 and older (노인주의).
public struct DURCaution: Sendable, Equatable {
    public let ingredient: DURIngredient
    public let content: String?
    public let notified: String?

    public init(ingredient: DURIngredient, content: String?, notified: String?) {
        (self.ingredient, self.content, self.notified) = (ingredient, content, notified)
    }

    public var key: String { ingredient.code ?? IngredientName.key(ingredient.name) }
}

/// Ingredient names reduced so that the permit list's and the DUR lists' spellings of one
/// ingredient meet: "[M040534]아세트아미노펜", "아세트아미노펜 500mg" and "Acetaminophen" each
/// to letters only, lower-cased. Matching is by ingredient, never by a product's name.
public enum IngredientName {
    public static func key(_ name: String) -> String {
        var text = name.lowercased()
        // Codes in brackets ([M040534]) and amounts in parentheses ((as 염산염)) say nothing of which ingredient.
        for (open, close) in [("[", "]"), ("(", ")")] {
            while let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) {
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        // An amount written after the name ("500mg", "아스피린 100", "20 밀리그램"); not the
        // digits of a name (비타민B12). Read by hand from the end, as the two patterns
        // `\s+\d[\d.,]*\s*[a-z가-힣%µμ]*\s*$` and `\d[\d.,]*\s*(mg|…|밀리리터)\s*$` would
        // (`IngredientNameTests` holds them to it): a national list is 180,000 names, and
        // Swift's regular expressions took most of its import.
        var characters = Array(text)
        if characters.contains(where: \.isNumber) {
            characters = withoutSpacedAmount(characters)
            characters = withoutAmountWithUnit(characters)
        }
        return String(characters.filter { $0.isLetter || $0.isNumber })
    }

    static let amountUnits: [[Character]] = ["mg", "mcg", "µg", "μg", "g", "ml", "iu", "%", "밀리그램", "마이크로그램", "그램", "밀리리터"].map(Array.init)

    static func isNumberMark(_ c: Character) -> Bool { c.isNumber || c == "." || c == "," }
    static func isUnitLetter(_ c: Character) -> Bool { ("a"..."z").contains(c) || ("가"..."힣").contains(c) || c == "%" || c == "µ" || c == "μ" }

    /// Where the run of number marks ending before `end` begins.
    static func numberRunStart(_ text: [Character], before end: Int) -> Int {
        var start = end
        while start > 0, isNumberMark(text[start - 1]) { start -= 1 }
        return start
    }

    /// `\s+\d[\d.,]*\s*[a-z가-힣%µμ]*\s*$` taken off the end.
    static func withoutSpacedAmount(_ text: [Character]) -> [Character] {
        var end = text.count
        while end > 0, text[end - 1].isWhitespace { end -= 1 }
        while end > 0, isUnitLetter(text[end - 1]) { end -= 1 }
        while end > 0, text[end - 1].isWhitespace { end -= 1 }
        let start = numberRunStart(text, before: end)
        guard start < end, text[start].isNumber, start > 0, text[start - 1].isWhitespace else { return text }
        var cut = start - 1
        while cut > 0, text[cut - 1].isWhitespace { cut -= 1 }
        return Array(text[..<cut])
    }

    /// `\d[\d.,]*\s*(unit)\s*$` taken off the end, from its leftmost digit.
    static func withoutAmountWithUnit(_ text: [Character]) -> [Character] {
        var end = text.count
        while end > 0, text[end - 1].isWhitespace { end -= 1 }
        var best: Int?
        for unit in amountUnits where end >= unit.count && Array(text[(end - unit.count)..<end]) == unit {
            var numberEnd = end - unit.count
            while numberEnd > 0, text[numberEnd - 1].isWhitespace { numberEnd -= 1 }
            let run = numberRunStart(text, before: numberEnd)
            guard let first = (run..<numberEnd).first(where: { text[$0].isNumber }) else { continue }
            best = min(best ?? first, first)
        }
        return best.map { Array(text[..<$0]) } ?? text
    }

    /// The ingredients a label's text names: the permit list's `ITEM_INGR_NAME`
    /// ("[M040534]아세트아미노펜|[M223163]카페인무수물" or "아세트아미노펜/카페인무수물"), its
    /// `MATERIAL_NAME` ("총량 : 1정 중|성분명 : 피록시캄|분량 : 20|…") or a typed list ("A, B + C").
    public static func keys(in ingredients: String) -> Set<String> {
        let parts: [Substring]
        if ingredients.contains("성분명") {
            parts = ingredients.split(separator: "|").compactMap { part in
                let pair = part.split(separator: ":", maxSplits: 1)
                return pair.count == 2 && pair[0].trimmingCharacters(in: .whitespaces) == "성분명" ? pair[1] : nil
            }
        } else {
            parts = ingredients.split { "|/,;+·\n".contains($0) }
        }
        return Set(parts.map { key(String($0)) }.filter { $0.count > 1 })
    }
}
