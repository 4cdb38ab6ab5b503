import Testing
@testable import HearthCore

@Suite("Ingredient lines and cooks' quantities")
struct IngredientTests {
    @Test(
        "English lines: quantity, unit, name and note",
        arguments: [
            ("2 cups flour, sifted", 2.0, nil as Double?, "cup", "flour", "sifted"),
            ("1/2 tsp salt", 0.5, nil, "tsp", "salt", nil),
            ("1 1/2 Tablespoons olive oil", 1.5, nil, "tbsp", "olive oil", nil),
            ("1½ cups milk", 1.5, nil, "cup", "milk", nil),
            ("½ level teaspoon ground cinnamon", 0.5, nil, "tsp", "ground cinnamon", "level"),
            ("225g self-raising flour", 225, nil, "g", "self-raising flour", nil),
            ("3 Bramley apples (about 550g)", 3, nil, nil, "Bramley apples", "about 550g"),
            ("2-3 cloves garlic, minced", 2, 3, "clove", "garlic", "minced"),
            ("1 can of chickpeas", 1, nil, "can", "chickpeas", nil),
            ("2 large eggs, beaten", 2, nil, nil, "large eggs", "beaten"),
            ("1 (15-ounce) can coconut milk (full-fat, or lite)", 1, nil, "can", "coconut milk", "15-ounce; full-fat, or lite"),
            ("½ teaspoon salt (, to taste)", 0.5, nil, "tsp", "salt", "to taste"),
            ("1 block (400 g) firm tofu, cubed", 1, nil, "block", "firm tofu", "400 g; cubed"),
            ("2 Sticks butter", 2, nil, "stick", "butter", nil),
            ("3 sprigs of thyme", 3, nil, "sprig", "thyme", nil),
            ("a pinch of salt", 1, nil, "pinch", "salt", nil),
            ("One bunch spring onions, sliced", 1, nil, "bunch", "spring onions", "sliced"),
        ] as [(String, Double, Double?, String?, String, String?)])
    func english(line: String, quantity: Double, upper: Double?, unit: String?, name: String, note: String?) {
        let parsed = Ingredient.parse(line)
        #expect(parsed.quantity == quantity)
        #expect(parsed.upperQuantity == upper)
        #expect(parsed.unit == unit)
        #expect(parsed.name == name)
        #expect(parsed.note == note)
        #expect(parsed.text == line)
    }

    @Test(
        "Korean lines: the name first, then quantity and unit",
        arguments: [
            ("양파 1/2개", 0.5, "개", "양파", nil as String?),
            ("간장 2큰술", 2.0, "큰술", "간장", nil),
            ("설탕 1작은술", 1.0, "작은술", "설탕", nil),
            ("두부 1모(300g)", 1.0, "모", "두부", "300g"),
            ("연두부 75g(3/4모)", 75.0, "g", "연두부", "3/4모"),
            ("다진 마늘 0.5큰술", 0.5, "큰술", "다진 마늘", nil),
        ] as [(String, Double, String, String, String?)])
    func korean(line: String, quantity: Double, unit: String, name: String, note: String?) {
        let parsed = Ingredient.parse(line)
        #expect(parsed.quantity == quantity)
        #expect(parsed.unit == unit)
        #expect(parsed.name == name)
        #expect(parsed.note == note)
    }

    @Test("what has no number keeps its words: 소금 약간, salt and pepper to taste")
    func unreadable() {
        let little = Ingredient.parse("소금 약간")
        #expect(little.quantity == nil && little.name == "소금" && little.note == "약간")
        let taste = Ingredient.parse("Salt and pepper to taste")
        #expect(taste.quantity == nil && taste.name == "Salt and pepper to taste")
        #expect(Ingredient.parse("   ").name == "")
    }

    @Test(
        "scaled quantities read as a cook writes them",
        arguments: [
            (0.4999, nil as String?, "½"), (1.25, nil, "1¼"), (0.3333, nil, "⅓"), (2.0 / 3, nil, "⅔"), (0.75, nil, "¾"), (2.5, nil, "2½"),
            (3.0, nil, "3"), (0.2, nil, "¼"), (0.3, nil, "⅓"), (0.45, "tsp", "½"), (0.05, nil, "0.05"), (12.4, nil, "12"), (337.5, "g", "338"),
            (7.5, "ml", "7.5"), (1.0 / 8, nil, "⅛"), (0.999, nil, "1"),
        ] as [(Double, String?, String)])
    func cook(value: Double, unit: String?, written: String) {
        #expect(CookQuantity.text(value, unit: unit) == written)
    }

    @Test("4 servings to 6: 1/2 tsp becomes ¾, 2 cups becomes 3")
    func scaling() {
        #expect(CookQuantity.text(CookQuantity.scaled(0.5, from: 4, to: 6)) == "¾")
        #expect(CookQuantity.text(CookQuantity.scaled(2, from: 4, to: 6)) == "3")
        #expect(CookQuantity.text(CookQuantity.scaled(1, from: 3, to: 1)) == "⅓")
        // 20 servings to 6: a red onion and 1½ tsp of salt, as a cook measures them.
        #expect(CookQuantity.text(CookQuantity.scaled(1, from: 20, to: 6)) == "⅓")
        #expect(CookQuantity.text(CookQuantity.scaled(1.5, from: 20, to: 6), unit: "tsp") == "½")
    }

    @Test("두부 1모(300g) three times over is 3모 of 900g: a note that is an amount scales with its line")
    func scaledNotes() {
        #expect(CookQuantity.scaledNote("300g", { $0 * 3 }) == "900g")
        #expect(CookQuantity.scaledNote("3/4모", { $0 * 2 }) == "1½모")
        #expect(CookQuantity.scaledNote("잘게 썬 것", { $0 * 3 }) == "잘게 썬 것")
        #expect(CookQuantity.scaledNote("300g", { $0 }) == "300g")
    }
}

@Suite("Units said as a cook says them")
struct CookUnitTests {
    @Test("plural above one, singular at one or less; Korean and metric units never change")
    func plurals() {
        #expect(CookQuantity.unit("cup", for: 1) == "cup")
        #expect(CookQuantity.unit("cup", for: 1.25) == "cups")
        #expect(CookQuantity.unit("block", for: 1.5) == "blocks")
        #expect(CookQuantity.unit("bunch", for: 2) == "bunches")
        #expect(CookQuantity.unit("tbsp", for: 3) == "tbsp")
        #expect(CookQuantity.unit("큰술", for: 3) == "큰술")
        #expect(CookQuantity.unit("g", for: 300) == "g")
    }
}
