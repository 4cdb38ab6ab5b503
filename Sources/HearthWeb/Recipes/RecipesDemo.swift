import Foundation
import HearthCore
import HearthStore

/// The demo household's recipe book.
extension DemoHousehold {
    /// A small recipe book: a Korean stew, a cake, and Bori's home-made food (which can join
    /// the pets' food list with its kcal per 100 g); the demo member bookmarks two.
    static func seedRecipes(_ database: AppDatabase, owner: Int64) async throws {
        let recipes = RecipeRepository(database)
        guard try recipes.allIDs().isEmpty else { return }
        func recipe(
            _ title: String, _ category: String, servings: Int, minutes: Int, lines: [String], steps: [String], tip: String? = nil,
            kcal: Double? = nil, grams: Double? = nil
        ) -> RecipeInput {
            var input = RecipeInput(title: title)
            input.category = category
            input.servings = servings
            input.cookingMinutes = minutes
            input.ingredients = lines.map(Ingredient.parse)
            input.steps = steps.map { RecipeStep(text: $0) }
            input.tip = tip
            input.kcalPerServing = kcal
            input.gramsPerServing = grams
            return input
        }
        let stew = try await recipes.create(
            recipe(
                "된장찌개", "Soup and stew", servings: 2, minutes: 25,
                lines: ["된장 2큰술", "두부 1/2모", "애호박 1/3개", "양파 1/4개", "대파 1/2대", "멸치 육수 2컵"],
                steps: ["멸치 육수를 끓인다.", "된장을 체에 걸러 푼다.", "애호박, 양파, 두부를 넣고 5분 끓인다.", "대파를 넣고 불을 끈다."],
                tip: "된장을 1큰술로 줄이고 채소를 늘리면 싱겁고 가볍습니다.", kcal: 180, grams: 350), createdBy: owner)
        _ = try await recipes.create(
            recipe(
                "Apple cake", "Dessert", servings: 8, minutes: 50,
                lines: [
                    "225g self-raising flour", "1 tsp baking powder", "3 apples, peeled and chopped", "2 large eggs, beaten", "175g light brown sugar",
                    "75g butter",
                ],
                steps: [
                    "Heat the oven to 180 °C and line a 20 cm tin.", "Mix the flour, baking powder, sugar, butter and eggs.", "Fold in the apples.",
                    "Bake for 45 minutes.",
                ]),
            createdBy: owner)
        let petFood = try await recipes.create(
            recipe(
                "Chicken and rice for Bori", "Other", servings: 4, minutes: 30,
                lines: ["300 g chicken breast", "150 g white rice", "1 carrot, diced", "600 ml water"],
                steps: [
                    "Simmer the chicken in the water for 15 minutes, then shred it.", "Cook the rice in the broth with the carrot.",
                    "Mix and cool before serving.",
                ],
                tip: "No salt, onion or garlic: they are bad for dogs.", kcal: 260, grams: 220), createdBy: owner)
        try await recipes.setBookmark(true, recipeID: stew, accountID: owner)
        try await recipes.setBookmark(true, recipeID: petFood, accountID: owner)
    }
}

enum RecipesDemo: DemoStep {
    static let rank = 60

    static func seed(_ demo: DemoContext) async throws {
        try await DemoHousehold.seedRecipes(demo.database, owner: demo.owner.id!)
    }
}
