import Foundation
import HearthCore
@testable import HearthImports
import HearthStore
import Testing
@testable import HearthWeb

/// Recipe files made to freeze the server or fill the disk: each is refused, with the field and
/// the limit named, in time in proportion to the file.
@Suite("Hostile recipe files")
struct HostileRecipeFileTests {
    func write(_ text: String, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + UUID().uuidString + "-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func recipe(name: String = "Tea", ingredients: [String] = ["1 cup tea"], steps: [String] = ["Brew."]) -> String {
        let object: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": name, "recipeIngredient": ingredients, "recipeInstructions": steps,
        ]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    func elapsed(_ work: () throws -> Void) rethrows -> Double {
        let start = Date()
        try work()
        return Date().timeIntervalSince(start)
    }

    @Test(
        "tags are taken out in one pass: 400 KB of '<' in a step (40 KB took 32.7 s with the pattern) reads in seconds (the pattern would take most of an hour)"
    )
    func runOfOpeningBrackets() throws {
        let brackets = String(repeating: "<", count: 400_000)
        #expect(RecipeJSONLD.withoutTags("a<b>c<<d>e" + brackets + "f") == "ace" + brackets + "f")
        var drafts: [RecipeDraft] = []
        let seconds = try elapsed { drafts = try RecipeJSONLD.recipes(in: recipe(steps: ["Stir " + brackets + " well."])) }
        #expect(seconds < 10, "took \(seconds) s")
        #expect(drafts.first?.steps.first?.text.count == 400_000 + 11)
    }

    @Test("as the pattern read them: '<' without a '>' stays, '<>' stays, a tag across other '<' goes whole")
    func sameAsThePattern() {
        for text in ["1 < 2", "<>", "a <b c", "x<<y>z", "<p>soup</p>", "a>b<c", "<<<>", "깍두기 <굵게>맛있게</굵게>"] {
            #expect(RecipeJSONLD.withoutTags(text) == text.replacing(/<[^>]+>/, with: ""), "\(text)")
        }
    }

    @Test("a saved page of 400,000 scripts and no recipe is read once: 'no recipe in this page' in seconds")
    func manyScripts() throws {
        let page =
            "<html><head>" + String(repeating: "<script>var a = 1 < 2;</script>", count: 400_000) + "</head><body>" + String(repeating: "<", count: 100_000)
            + "</body></html>"
        let seconds = elapsed {
            #expect(throws: RecipeJSONLD.Problem.noRecipe) { try RecipeJSONLD.recipes(in: page) }
        }
        #expect(seconds < 3.0, "took \(seconds) s")
        let withRecipe = "<HTML><script>x</script><SCRIPT type=\"application/LD+JSON\">" + recipe(name: "Found") + "</SCRIPT>"
        #expect(try RecipeJSONLD.recipes(in: withRecipe).map(\.title) == ["Found"])
    }

    @Test(
        "a name over 200 characters, 201 ingredient lines, a step over 10,000 characters, a NUL: each recipe refused, the field and limit named, nothing of it written"
    )
    func limits() async throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        let long = String(repeating: "가", count: 5_000_000)
        let files = [
            try write(recipe(name: long), "long-name.json"),
            try write(recipe(name: "Many", ingredients: (0...CountLimit.recipeIngredients).map { "\($0) g salt" }), "many.json"),
            try write(recipe(name: "Long step", steps: [String(repeating: "s", count: TextLimit.step + 1)]), "step.json"),
            try write(recipe(name: "Nul\u{0}Tail"), "nul.json"),
            try write(recipe(name: "Escape", steps: ["Stir\u{1B}[31m"]), "escape.json"),
            try write(recipe(name: "Kept"), "kept.json"),
        ]
        let result = try await RecipeFiles.importFiles(files, into: RecipeRepository(database))
        #expect(result.imported == 1)
        #expect(result.text.contains("its name is longer than 200 characters"))
        #expect(result.text.contains("Many: it has more than 200 ingredient lines"))
        #expect(result.text.contains("Long step: its step is longer than 10000 characters"))
        #expect(result.text.contains("its name holds control characters"))
        #expect(result.text.contains("Escape: its step holds control characters"))
        #expect(result.text.utf8.count < 2_000, "the 5-million-character name is not printed")
        #expect(try RecipeRepository(database).all().map(\.title) == ["Kept"])
    }

    @Test("a file over 32 MB is refused by its size before it is read")
    func tooLarge() async throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        let path = NSTemporaryDirectory() + UUID().uuidString + "-big.json"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: ImportLimits.recipeFileBytes + 1)
        try handle.close()
        let result = try await RecipeFiles.importFiles([path], into: RecipeRepository(database))
        #expect(result.text.contains("big.json: larger than 32 MB"))
    }
}
