import HearthCore
import Testing

/// The recipe form's reading and checking, now a plain function of what was sent.
@Suite("Recipe form input")
struct RecipeFormInputTests {
    static let categories: [(id: Int64, name: String)] = [(1, "Soup and stew")]

    @Test("typing 1 in step 3's box makes it the first; an emptied row is dropped; the category is read by id")
    func reorder() {
        let form = RecipeFormInput(
            [
                "title": "Kimchi stew", "category": "1", "ingredients": "양파 1/2개\n간장 2큰술", "step_count": "4",
                "step_0_text": "Slice.", "step_0_order": "1", "step_1_text": "Fry.", "step_1_order": "2",
                "step_2_text": "Wash the pot.", "step_2_order": "1", "step_3_text": "", "step_3_order": "4",
            ], categories: Self.categories, stored: nil, photoRows: [])
        #expect(form.errors.isEmpty)
        #expect(form.input.category == "Soup and stew")
        #expect(form.input.steps.map(\.text) == ["Wash the pot.", "Slice.", "Fry."])
        #expect(form.rows.count == 4)
        #expect(form.input.ingredients.map(\.name) == ["양파", "간장"])
    }

    @Test("what cannot be saved is said on its field")
    func refused() {
        let form = RecipeFormInput(
            ["title": "", "category": "9", "source_url": "ftp://example.org", "step_count": "0"], categories: Self.categories, stored: nil, photoRows: [])
        #expect(form.errors["title"] == "recipes.error.title_required")
        #expect(form.errors["category"] == "error.choice.unknown")
        #expect(form.errors["source_url"] == "recipes.error.url")
        #expect(form.errors["ingredients"] == "recipes.error.nothing")
    }
}
