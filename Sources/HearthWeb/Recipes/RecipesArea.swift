import HearthStore
import HearthHTML
import Hummingbird

/// The recipe book.
enum RecipesArea: Area {
    static let pages: [any Page.Type] = [
        RecipeListPage.self, RecipePage.self, RecipeBookmarksPage.self, RecipeFormPage.self, RecipeCategoriesPage.self, RecipeImportPage.self,
    ]
    static let help: String? = "recipes"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let recipes = RecipeRepository(services.database)
        // The fixed paths (/recipes/new, /import, /export, /categories) before /recipes/{id}.
        RecipeEditController(renderer: services.renderer, recipes: recipes, intake: services.intake).addRoutes(to: router)
        RecipeImportController(renderer: services.renderer, recipes: recipes, temporaryFolder: services.intake.files.temporary).addRoutes(to: router)
        RecipesController(renderer: services.renderer, recipes: recipes, foods: FoodRepository(services.database)).addRoutes(to: router)
    }
}
