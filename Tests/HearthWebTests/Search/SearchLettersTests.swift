import Testing
@testable import HearthWeb

@Suite("Search letters")
struct SearchLettersTests {
    /// What `letters` replaced: Character by Character (grapheme breaking made it a third of a
    /// care home's search).
    static func byCharacter(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }

    @Test("letters keeps what Character's isLetter and isNumber keep: Hangul, jamo, accents as one or two scalars, marks, digits, emoji keycaps")
    func sameAsCharacters() {
        let texts = [
            "혈압약 Amlodipine 5 mg", "노란 거품!", "한글 (jamo)", "Café crème", "Cafe\u{301} cre\u{300}me", " \u{301}lone mark", "1️⃣ 2️⃣ keycaps",
            "👨‍👩‍👧 family", "Ⅻ roman ½", "ÉCOLE İstanbul ß", "탈모-방지_샴푸#2", "", "   ", "١٢٣ arabic digits", "नमस्ते",
        ]
        for text in texts { #expect(SearchWords.letters(text) == Self.byCharacter(text), "\(text)") }
    }
}
