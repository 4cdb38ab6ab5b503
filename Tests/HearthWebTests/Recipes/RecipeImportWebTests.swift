import Foundation
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("Recipes on the web: import with a summary, export, pages of the book")
struct RecipeImportWebTests {
    /// A recipe site's page as a browser saves it: the recipe in one ld+json block among
    /// other scripts, in a @graph with the site's other things.
    static let savedPage = """
        <!doctype html><html><head><title>Spicy tofu stew</title>
        <script>window.ads = {"@type": "Recipe"};</script>
        <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
          {"@type": "WebSite", "name": "Example kitchen"},
          {"@type": ["Recipe", "NewsArticle"], "name": "Spicy tofu stew", "url": "https://example.org/tofu-stew",
           "image": {"@type": "ImageObject", "url": "https://example.org/tofu.jpg"}, "recipeYield": ["4", "4 bowls"], "totalTime": "PT40M",
           "recipeIngredient": ["1 block (400 g) tofu, cubed", "2 tbsp gochujang", "1 onion, sliced", "2 cups water"],
           "recipeInstructions": [{"@type": "HowToSection", "name": "The broth", "itemListElement": [{"@type": "HowToStep", "text": "Boil the water with the gochujang."}]},
                                  {"@type": "HowToStep", "text": "Add the tofu and onion; simmer 15 minutes."}]}]}</script>
        </head><body><h1>Spicy tofu stew</h1></body></html>
        """

    @Test("a saved page imported from the browser: the summary names it, links it, and says its photo is a link")
    func savedPageImport() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/recipes/import")
            let first = try await owner.postMultipart("/recipes/import", [:], files: [("files", "tofu-stew.html", Array(Self.savedPage.utf8))])
            #expect(first.status == .ok)
            #expect(first.text.contains("1 imported, 0 skipped as already in the book, 0 refused."))
            #expect(first.text.contains("Hearth did not fetch them"))
            let id = try #require(try RecipeRepository(hearth.database).search(title: "tofu").first?.id)
            #expect(first.text.contains(#"<a href="/recipes/\#(id)">Spicy tofu stew</a>"#))
            let again = try await owner.postMultipart("/recipes/import", [:], files: [("files", "tofu-stew.html", Array(Self.savedPage.utf8))])
            #expect(again.status == .unprocessableContent && again.text.contains("0 imported, 1 skipped") && again.text.contains("Nothing was imported"))
            let found = try await owner.get("/recipes?i=" + "tofu, gochujang".addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&match=all")
            #expect(found.text.contains("Spicy tofu stew"))
        }
    }

    @Test("pasted text, a page with no recipe, the service's error answer: each refused with its reason and nothing saved")
    func refusals() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/recipes/import")
            let none = try await owner.postMultipart(
                "/recipes/import", [:], files: [("files", "blog.html", Array("<html><body>Just a story</body></html>".utf8))])
            #expect(none.status == .unprocessableContent && none.text.contains("blog.html: no recipe in it"))
            let service = #"{"COOKRCP01": {"RESULT": {"CODE": "INFO-200", "MSG": "해당하는 데이터가 없습니다."}, "total_count": "0"}}"#
            let answer = try await owner.postMultipart("/recipes/import", ["pasted": service])
            #expect(answer.status == .unprocessableContent && answer.text.contains("INFO-200") && answer.text.contains("해당하는 데이터가 없습니다."))
            #expect(answer.text.contains("INFO-200"), "the pasted text stays in its box")
            let empty = try await owner.postMultipart("/recipes/import", ["pasted": "  "])
            #expect(empty.status == .unprocessableContent && empty.text.contains("Choose a file or paste a recipe first."))
            #expect(try RecipeRepository(hearth.database).allIDs().isEmpty)
            let pasted = try await owner.postMultipart(
                "/recipes/import",
                [
                    "pasted": #"{"@type": "Recipe", "name": "Barley tea", "recipeIngredient": ["1 cup barley"], "recipeInstructions": "Roast it.\nBoil it."}"#
                ])
            #expect(pasted.status == .ok && pasted.text.contains("Barley tea"))
        }
    }

    @Test("one recipe downloaded as JSON-LD imports into another household unchanged")
    func exportOne() async throws {
        let exported = try await withHousehold { hearth, owner in
            try await owner.get("/recipes/import")
            try await owner.postMultipart("/recipes/import", [:], files: [("files", "tofu-stew.html", Array(Self.savedPage.utf8))])
            let id = try #require(try RecipeRepository(hearth.database).allIDs().first)
            let download = try await owner.get("/recipes/\(id)/export")
            #expect(download.headers[.contentType] == "application/ld+json; charset=utf-8")
            #expect(try await owner.get("/recipes/export").text == download.text, "the whole book of one recipe is that recipe")
            return Data(download.text.utf8)
        }
        try await withHousehold { hearth, owner in
            try await owner.get("/recipes/import")
            try await owner.postMultipart("/recipes/import", [:], files: [("files", "one.jsonld", Array(exported))])
            let recipes = RecipeRepository(hearth.database)
            let id = try #require(try recipes.allIDs().first)
            let recipe = try #require(try recipes.recipe(id: id))
            #expect(recipe.steps.map(\.section) == ["The broth", nil] && recipe.servings == 4 && recipe.imageURL == "https://example.org/tofu.jpg")
            #expect(try await owner.get("/recipes/export").text == String(decoding: exported, as: UTF8.self))
        }
    }

    @Test("the book a page at a time: 130 recipes walked by rel=next, in order, none missed or twice; one category's chips")
    func pages() async throws {
        try await withHousehold { hearth, owner in
            var inputs: [RecipeInput] = []
            for number in 0..<130 {
                // Titles that sort differently by case, and two with the same title.
                var input = RecipeInput(
                    title: number == 7 ? "same" : number == 8 ? "Same" : (number % 2 == 0 ? "dish \(1000 + number)" : "Dish \(1000 + number)"))
                input.category = number % 3 == 0 ? "Rice" : "Dessert"
                input.ingredients = [Ingredient.parse("1 egg")]
                inputs.append(input)
            }
            for input in inputs { try await RecipeRepository(hearth.database).create(input, createdBy: nil) }
            var seen: [String] = []
            var next: String? = "/recipes"
            while let path = next {
                let page = try await owner.get(path.replacingOccurrences(of: "&amp;", with: "&")).text
                let titles = page.matches(of: /<li><a href="\/recipes\/\d+">([^<]+)<\/a>/).map { String($0.1) }
                #expect(titles.count <= RecipesController.pageSize)
                seen += titles
                next = page.firstMatch(of: /<a href="([^"]+)" rel="next">/).map { String($0.1) }
            }
            #expect(seen.count == 130 && Set(seen).count == 130, "every recipe once ('same' and 'Same' both)")
            #expect(seen.map { $0.lowercased() } == seen.map { $0.lowercased() }.sorted(), "by title, whatever the case")
            let rice = try #require(try RecipeRepository(hearth.database).categories().first { $0.name == "Rice" })
            let ricePage = try await owner.get("/recipes?category=\(rice.id)").text
            #expect(ricePage.contains(#"aria-current="page">Rice 44</a>"#))
            #expect(ricePage.matches(of: /<li><a href="\/recipes\/\d+">/).count == 44)
        }
    }
}
