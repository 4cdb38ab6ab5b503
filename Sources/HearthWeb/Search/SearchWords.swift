import HearthCore
import HearthStore

/// A search box's text as the search takes it: at most eight words, each with the codes of
/// what forms choose whose names, in the member's language, hold it ("노란" → 노란색, yellow).
struct SearchWords: Sendable {
    /// Each language's names of what forms choose, by key, letters and digits only, lower-cased.
    let labels: [Language: [(key: String, name: String)]]

    init(strings: Localization) {
        var labels: [Language: [(key: String, name: String)]] = [:]
        for (language, flat) in strings.flat {
            labels[language] = flat.filter { key, _ in SearchRepository.labelPrefixes.contains { key.hasPrefix($0) } }
                .map { (key: $0.key, name: Self.letters($0.value)) }.sorted { $0.key < $1.key }
        }
        self.labels = labels
    }

    /// The letters and digits of `text`, lower-cased: what Character's isLetter and isNumber
    /// keep, taken scalar by scalar (a mark stays with the letter it follows), because search
    /// runs this on every regimen and place of a household (a care home's 500 regimens: a
    /// third of its search in grapheme breaking).
    static func letters(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        var previousKept = false
        for scalar in text.lowercased().unicodeScalars {
            switch scalar.value {
            // ASCII and Hangul syllables without asking Unicode's tables (the lookups were most of it).
            case 0x61...0x7A, 0x30...0x39, 0xAC00...0xD7A3: previousKept = true
            case 0..<0x80: previousKept = false
            default:
                let properties = scalar.properties
                if properties.isAlphabetic || properties.numericType != nil {
                    previousKept = true
                } else if previousKept {
                    let category = properties.generalCategory
                    previousKept = category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
                }
            }
            if previousKept { kept.append(scalar) }
        }
        return String(kept)
    }

    func terms(_ query: String, _ language: Language) -> [SearchTerm] {
        query.split(whereSeparator: \.isWhitespace).prefix(8).map { word in
            let text = String(word.prefix(50))
            let core = Self.letters(text)
            // A choice's name holding the word: 약 is in 예방약, 다 and 먹음 in 다 먹음, as inside typed
            // words. One Latin letter or digit is no word: it names a choice only when it is the
            // whole name. A word that is a choice's whole name means that choice: 산책 is the walk,
            // not every 산책·놀이 record; 피 is blood, not 피부.
            let letterOnly = core.count == 1 && core.unicodeScalars.allSatisfy(\.isASCII)
            let matching = core.isEmpty ? [] : (labels[language] ?? []).filter { letterOnly ? $0.name == core : $0.name.contains(core) }
            let exact = matching.filter { $0.name == core }
            return SearchTerm(text: text, keys: (exact.isEmpty ? matching : exact).map(\.key))
        }
    }

    /// True when every word is in `text` (what a name, a note or a place says).
    static func all(_ terms: [SearchTerm], in text: String) -> Bool {
        let haystack = letters(text)
        return !terms.isEmpty
            && terms.allSatisfy { term in
                let core = letters(term.text)
                return core.isEmpty || haystack.contains(core)
            }
    }
}
