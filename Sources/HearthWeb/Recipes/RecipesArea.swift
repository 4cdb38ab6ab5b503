import HearthStore
import HearthHTML
import Hummingbird

/// The recipe book.
enum RecipesArea: Area {
    static let pages: [any Page.Type] = [
        RecipeListPage.self, RecipePage.self, RecipeBookmarksPage.self, RecipeFormPage.self, RecipeCategoriesPage.self, RecipeImportPage.self,
    ]
    static let help: String? = "recipes"
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/recipes", key: "nav.recipes", place: .more, rank: 2)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let recipes = RecipeRepository(services.database)
        // The router prefers a fixed segment (/recipes/new, /import, /export, /categories) to :id,
        // so the routes read in the order of the book: editing, importing, reading.
        let editing = RecipeEditController(renderer: services.renderer, recipes: recipes, intake: services.intake)
        router.get("/recipes/new", use: editing.new)
        router.post("/recipes", use: editing.create)
        router.get("/recipes/categories", use: editing.categories)
        router.post("/recipes/categories", use: editing.saveCategories)
        router.group("/recipes/:id").add(middleware: RequireRecorderMiddleware()).loadingRecipe(recipes)
            .get("edit", use: editing.edit)
            .post(use: editing.update)
            .post("delete", use: editing.delete)
        let importing = RecipeImportController(renderer: services.renderer, recipes: recipes, temporaryFolder: services.intake.files.temporary)
        router.get("/recipes/import", use: importing.form)
        router.post("/recipes/import", use: importing.importSent)
        router.get("/recipes/export", use: importing.exportAll)
        router.group("/recipes/:id").loadingRecipe(recipes).get("export", use: importing.exportOne)
        let book = RecipesController(renderer: services.renderer, recipes: recipes, foods: FoodRepository(services.database))
        router.get("/recipes", use: book.list)
        router.get("/recipes/bookmarks", use: book.bookmarks)
        router.group("/recipes/:id").loadingRecipe(recipes)
            .get(use: book.show)
            .post("bookmark", use: book.bookmark)
        router.group("/recipes/:id").add(middleware: RequireRecorderMiddleware()).loadingRecipe(recipes)
            .post("food", use: book.becomeFood)
    }
}
