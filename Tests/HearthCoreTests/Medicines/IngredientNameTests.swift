import Foundation
import Testing
@testable import HearthCore

/// `IngredientName.key` reads an amount off a name's end by hand; these are the two regular
/// expressions it replaced (they took most of a national list's import), held as the oracle
/// over the lists' own shapes, edge cases and 20,000 random names.
@Suite("Ingredient names")
struct IngredientNameTests {
    static func oracle(_ name: String) -> String {
        var text = name.lowercased()
        for (open, close) in [("[", "]"), ("(", ")")] {
            while let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) {
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        text = text.replacing(#/\s+\d[\d.,]*\s*[a-z가-힣%µμ]*\s*$/#, with: "")
        text = text.replacing(#/\d[\d.,]*\s*(mg|mcg|µg|μg|g|ml|iu|%|밀리그램|마이크로그램|그램|밀리리터)\s*$/#, with: "")
        return String(text.filter { $0.isLetter || $0.isNumber })
    }

    @Test("the lists' shapes: codes, amounts with and without a space, names with digits")
    func shapes() {
        for (name, key) in [
            ("[M040534]아세트아미노펜", "아세트아미노펜"), ("아세트아미노펜 500mg", "아세트아미노펜"), ("Acetaminophen", "acetaminophen"),
            ("아스피린 100", "아스피린"), ("디아제팜 20 밀리그램", "디아제팜"), ("비타민B12", "비타민b12"), ("Clarithromycin 250mg", "clarithromycin"),
            ("성분1 염산염 12mg", "성분1염산염"), ("심바스타틴10mg", "심바스타틴"), ("x 1,000.5 IU", "x"), ("a 1 2mg", "a1"), ("b ,5mg", "b"),
            ("vit d3 400iu ", "vitd3"), ("약 5 %", "약"), ("μ 3 µg", "μ"),
        ] {
            #expect(IngredientName.key(name) == key, "\(name)")
            #expect(IngredientName.key(name) == Self.oracle(name), "\(name) against the expressions")
        }
    }

    @Test("as the expressions read them, on 20,000 random names of the characters that matter")
    func randomNames() {
        let alphabet = Array("ab가힣mgcuil%µμ0123456789.,  \t½²٣[]()비타민밀리그램")
        var state: UInt64 = 39
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        var differ: [String] = []
        for _ in 0..<20_000 {
            let name = String((0..<(1 + next() % 14)).map { _ in alphabet[next() % alphabet.count] })
            if IngredientName.key(name) != Self.oracle(name) { differ.append(name) }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10).map { "\"\($0)\" → \(IngredientName.key($0)) / \(Self.oracle($0))" })")
    }
}
