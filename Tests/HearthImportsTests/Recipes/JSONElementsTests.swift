import Foundation
import Testing
@testable import HearthImports

@Suite("A large JSON array cut into its elements")
struct JSONElementsTests {
    func cut(_ text: String, key: StaticString = "@graph") -> [String]? {
        var text = text
        return text.withUTF8 { bytes in
            JSONElements.ranges(bytes, key: key)?.map {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    @Test("commas, brackets and escaped quotes inside strings and nested values do not cut")
    func cuts() {
        #expect(cut(#"[{"a": "x, [y]"}, [1, 2], "q\"],", 3]"#) == [#"{"a": "x, [y]"}"#, "[1, 2]", #""q\"],""#, "3"])
        #expect(
            cut(#"{"@context": "https://schema.org", "name": "\"@graph\": [", "@graph": [{"n": 1}, {"n": {"m": [2, 3]}}]}"#) == [
                #"{"n": 1}"#, #"{"n": {"m": [2, 3]}}"#,
            ])
        #expect(cut("[]") == [])
        #expect(cut(#"{"@type": "Recipe"}"#) == nil)
        #expect(cut(#"{"COOKRCP01": {"row": [{"RCP_NM": "a"}]}}"#, key: "row") == [#"{"RCP_NM": "a"}"#])
    }

    @Test("a book read element by element is the book read whole")
    func sameRecipes() throws {
        let recipes = (0..<50).map {
            #"{"@type": "Recipe", "name": "Stew \#($0), \"best\"", "recipeIngredient": ["1 g salt, fine", "[2] eggs"], "recipeInstructions": "Boil."}"#
        }
        let graph = #"{"@context": "https://schema.org", "@graph": ["# + recipes.joined(separator: ",\n") + "]}"
        let split = try RecipeJSONLD.recipes(in: graph)
        #expect(split.count == 50)
        #expect(split[7].title == #"Stew 7, "best""# && split[7].ingredients == ["1 g salt, fine", "[2] eggs"])
        #expect(try RecipeJSONLD.recipes(in: "[" + recipes.joined(separator: ",") + "]") == split)
        #expect(throws: RecipeJSONLD.Problem.unreadable) { try RecipeJSONLD.recipes(in: "[" + recipes.joined(separator: ",") + ", {broken]") }
    }
}
