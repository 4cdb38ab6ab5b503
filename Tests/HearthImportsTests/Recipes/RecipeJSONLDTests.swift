import Testing
@testable import HearthImports

/// Recipes written for these tests (the shared fixtures may not be carried into the repository).
@Suite("Recipes from schema.org JSON-LD")
struct RecipeJSONLDTests {
    @Test("one recipe: instructions as HowToSteps, yield as a list, ISO durations, an image object")
    func steps() throws {
        let json = """
            {"@context": "https://schema.org", "@type": "Recipe", "name": "Barley tea &amp; honey",
             "recipeCategory": ["Drinks"], "keywords": "tea, warm, 보리차", "recipeYield": ["4", "4 mugs"],
             "prepTime": "PT5M", "cookTime": "PT1H30M", "totalTime": "P0DT1H35M",
             "image": {"@type": "ImageObject", "url": "https://example.org/tea.jpg"},
             "url": "https://example.org/barley-tea", "author": [{"@type": "Person", "name": "Mina"}],
             "recipeIngredient": ["1 cup roasted barley", "2 l water", "honey, to taste"],
             "recipeInstructions": [{"@type": "HowToStep", "text": "Roast the barley.", "image": "https://example.org/step1.jpg"},
                                    {"@type": "HowToStep", "text": "Simmer for <b>90</b> minutes."}]}
            """
        let recipe = try #require(try RecipeJSONLD.recipes(in: json).first)
        #expect(recipe.title == "Barley tea & honey")
        #expect(recipe.category == "Drinks")
        #expect(recipe.tags == ["tea", "warm", "보리차"])
        #expect(recipe.servings == 4 && recipe.yieldText == "4 mugs")
        #expect(recipe.preparationMinutes == 5 && recipe.cookingMinutes == 90 && recipe.totalMinutes == 95)
        #expect(recipe.imageURLs == ["https://example.org/tea.jpg"])
        #expect(recipe.sourceURL == "https://example.org/barley-tea" && recipe.sourceName == "Mina")
        #expect(recipe.ingredients.count == 3)
        #expect(
            recipe.steps == [
                .init(text: "Roast the barley.", section: nil, imageURL: "https://example.org/step1.jpg"),
                .init(text: "Simmer for 90 minutes.", section: nil, imageURL: nil),
            ])
    }

    @Test("a @graph with other things in it, @type as a list, HowToSections, and instructions as one string elsewhere")
    func graphAndSections() throws {
        let json = """
            {"@context": "https://schema.org", "@graph": [
              {"@type": "WebSite", "name": "A site"},
              {"@type": ["Recipe", "NewsArticle"], "name": "Kimchi stew", "recipeYield": "2 servings",
               "image": ["https://example.org/a.jpg", "https://example.org/b.jpg"],
               "recipeIngredient": ["김치 1컵", "돼지고기 200g"],
               "recipeInstructions": [
                 {"@type": "HowToSection", "name": "The base", "itemListElement": [{"@type": "HowToStep", "text": "Fry the kimchi."}]},
                 {"@type": "HowToSection", "name": "The stew", "itemListElement": [{"@type": "HowToStep", "text": "Add water."}, {"@type": "HowToStep", "text": "Simmer."}]}]},
              {"@type": "Recipe", "name": "Rice", "recipeInstructions": "Wash the rice.\\n\\nCook it.\\n"}]}
            """
        let recipes = try RecipeJSONLD.recipes(in: json)
        #expect(recipes.map(\.title) == ["Kimchi stew", "Rice"])
        #expect(recipes[0].servings == 2)
        #expect(recipes[0].imageURLs.count == 2)
        #expect(recipes[0].steps.map(\.section) == ["The base", "The stew", "The stew"])
        #expect(recipes[1].steps.map(\.text) == ["Wash the rice.", "Cook it."])
    }

    @Test("a saved web page: every ld+json block is read, other scripts are not")
    func page() throws {
        let html = """
            <!doctype html><html><head><script>var x = {"@type": "Recipe", "name": "Not this"};</script>
            <script type="application/ld+json">{"@type": "Organization", "name": "Site"}</script>
            <script type="application/ld+json">
            [{"@type": "Recipe", "name": "Three-cup chicken", "recipeYield": 4, "recipeInstructions": ["Brown the chicken.", "Add the three cups."]}]
            </script></head><body>…</body></html>
            """
        let recipes = try RecipeJSONLD.recipes(in: html)
        #expect(recipes.map(\.title) == ["Three-cup chicken"])
        #expect(recipes[0].servings == 4)
        #expect(recipes[0].steps.count == 2)
    }

    @Test("no recipe, or not JSON at all: a clear problem, not an empty list")
    func problems() {
        #expect(throws: RecipeJSONLD.Problem.noRecipe) { try RecipeJSONLD.recipes(in: #"{"@type": "Person", "name": "Mina"}"#) }
        #expect(throws: RecipeJSONLD.Problem.noRecipe) { try RecipeJSONLD.recipes(in: "<html><body>Just a page</body></html>") }
        #expect(throws: RecipeJSONLD.Problem.unreadable) { try RecipeJSONLD.recipes(in: "{\"@type\": \"Recipe\", ") }
        #expect(throws: RecipeJSONLD.Problem.noRecipe) { try RecipeJSONLD.recipes(in: #"{"@type": "Recipe"}"#) }
    }

    @Test("ISO 8601 durations", arguments: [("PT1H30M", 90), ("PT45M", 45), ("P1DT2H", 1560), ("PT90S", 2), ("PT0M", 0)] as [(String, Int)])
    func durations(text: String, minutes: Int) {
        #expect(RecipeJSONLD.minutes(text) == minutes)
    }

    @Test("what is not a duration", arguments: ["1 hour", "PT", "P1H", "PTXM"])
    func notDurations(text: String) {
        #expect(RecipeJSONLD.minutes(text) == nil)
    }

    @Test(
        "a serving's weight only when it is in grams",
        arguments: [
            ("350 g", 350.0 as Double?), ("350g", 350), ("120 grams", 120), ("1 serving", nil), ("2 cups", nil), ("1 bowl (250 g)", nil), ("big", nil),
        ])
    func servingWeight(text: String, grams: Double?) {
        #expect(RecipeJSONLD.grams(text) == grams)
    }
}
