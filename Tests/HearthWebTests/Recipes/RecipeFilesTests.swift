import Foundation
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("Recipe files: import with a summary, export that imports back unchanged")
struct RecipeFilesTests {
    static let jsonLD = """
        {"@context": "https://schema.org", "@type": "Recipe", "name": "Barley tea", "recipeCategory": "Other", "recipeYield": "4 servings",
         "keywords": "tea, warm", "image": "https://example.org/tea.jpg", "url": "https://example.org/tea",
         "recipeIngredient": ["1 cup roasted barley", "2 l water"],
         "recipeInstructions": [{"@type": "HowToStep", "text": "Roast the barley."}, {"@type": "HowToStep", "text": "Simmer for an hour."}]}
        """
    static let public_ = """
        {"COOKRCP01": {"total_count": "1", "RESULT": {"CODE": "INFO-000", "MSG": "정상"}, "row": [
          {"RCP_SEQ": "1", "RCP_NM": "된장찌개", "RCP_PAT2": "국&찌개", "INFO_ENG": "180", "INFO_WGT": "300", "RCP_NA_TIP": "된장을 줄이세요.",
           "RCP_PARTS_DTLS": "된장 2큰술, 두부 1/2모", "MANUAL01": "1. 물을 끓인다.a", "MANUAL_IMG01": "", "MANUAL02": "2. 된장을 푼다.b", "MANUAL_IMG02": "", "MANUAL03": "", "MANUAL_IMG03": ""}]}}
        """

    func write(_ text: String, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + UUID().uuidString + "-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("several files in one go: imported, duplicates skipped, a file with no recipe refused with its reason")
    func summary() async throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        let recipes = RecipeRepository(database)
        let files = [
            try write(Self.jsonLD, "tea.json"), try write(Self.public_, "cookrcp01.json"), try write("<html><body>No recipe</body></html>", "page.html"),
            try write(Self.jsonLD, "again.json"),
        ]
        let result = try await RecipeFiles.importFiles(files, into: recipes)
        #expect(result.imported == 2)
        #expect(result.text.hasPrefix("2 imported, 1 skipped as already in the book, 1 refused."))
        #expect(result.text.contains("page.html: no recipe in it"))
        #expect(result.text.contains("Hearth does not fetch them"))
        let stewID = try #require(try recipes.search(title: "된장").first?.id)
        let stew = try #require(try recipes.recipe(id: stewID))
        #expect(stew.steps.map(\.text) == ["물을 끓인다.", "된장을 푼다."])
        #expect(stew.kcalPerServing == 180 && stew.gramsPerServing == 300 && stew.tip == "된장을 줄이세요.")
        #expect(stew.ingredients.first?.unit == "큰술")
        #expect(stew.category == "Soup and stew", "the public data's 국&찌개")
        let again = try await RecipeFiles.importFiles([files[0]], into: recipes)
        #expect(again.imported == 0 && again.text.contains("Nothing was imported."))
    }

    @Test("export → import → export gives the same file, and the same recipes")
    func roundTrip() async throws {
        let first = try AppDatabase.inMemory(), second = try AppDatabase.inMemory()
        defer {
            try? first.close()
            try? second.close()
        }
        _ = try await RecipeFiles.importFiles([try write(Self.jsonLD, "tea.json"), try write(Self.public_, "cookrcp01.json")], into: RecipeRepository(first))
        let exported = NSTemporaryDirectory() + UUID().uuidString + ".json"
        #expect(try RecipeFiles.export(RecipeRepository(first), to: exported) == 2)
        _ = try await RecipeFiles.importFiles([exported], into: RecipeRepository(second))
        let again = NSTemporaryDirectory() + UUID().uuidString + ".json"
        _ = try RecipeFiles.export(RecipeRepository(second), to: again)
        #expect(FileManager.default.contents(atPath: exported) == FileManager.default.contents(atPath: again))
        let one = try RecipeRepository(first).allIDs().compactMap { try RecipeRepository(first).recipe(id: $0) }
        let two = try RecipeRepository(second).allIDs().compactMap { try RecipeRepository(second).recipe(id: $0) }
        #expect(one == two)
        #expect(one.first { $0.title == "Barley tea" }?.servings == 4)
    }
}
