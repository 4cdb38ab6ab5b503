import HearthStore
import HearthHTML
import Hummingbird

/// The recipe book.
enum RecipesArea: Area {
    static let pages: [any Page.Type] = [
        RecipeListPage.self, RecipePage.self, RecipeBookmarksPage.self, RecipeFormPage.self, RecipeCategoriesPage.self, RecipeImportPage.self,
    ]
    static let help: String? = "recipes"
    static let cards: (any AreaCards.Type)? = RecipeCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: RecipeRoutes.list.pattern, key: "nav.recipes", place: .more, rank: 2)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let recipes = RecipeRepository(services.database)
        // The router prefers a fixed segment (/recipes/new, /import, /export, /categories) to :id,
        // so the routes read in the order of the book: editing, importing, reading.
        let editing = RecipeEditController(renderer: services.renderer, recipes: recipes, intake: services.intake)
        typealias R = RecipeRoutes
        router.get(R.new.path, use: editing.new)
        router.post(R.list.path, use: editing.create)
        router.get(R.categories.path, use: editing.categories)
        router.post(R.categories.path, use: editing.saveCategories)
        router.group(R.one.path).add(middleware: RequireRecorderMiddleware()).loadingRecipe(recipes)
            .get(R.edit.under(R.one), use: editing.edit)
            .post(use: editing.update)
            .post(R.delete.under(R.one), use: editing.delete)
        let importing = RecipeImportController(renderer: services.renderer, recipes: recipes, temporaryFolder: services.intake.files.temporary)
        router.get(R.importFile.path, use: importing.form)
        router.post(R.importFile.path, use: importing.importSent)
        router.get(R.export.path, use: importing.exportAll)
        router.group(R.one.path).loadingRecipe(recipes).get(R.exportOne.under(R.one), use: importing.exportOne)
        let book = RecipesController(renderer: services.renderer, recipes: recipes, foods: FoodRepository(services.database))
        router.get(R.list.path, use: book.list)
        router.get(R.bookmarks.path, use: book.bookmarks)
        router.group(R.one.path).loadingRecipe(recipes)
            .get(use: book.show)
            .post(R.bookmark.under(R.one), use: book.bookmark)
        router.group(R.one.path).add(middleware: RequireRecorderMiddleware()).loadingRecipe(recipes)
            .post(R.food.under(R.one), use: book.becomeFood)
    }
}

/// The recipe book's pages, for the router and every link to them.
enum RecipeRoutes {
    static let list = Route("/recipes")
    static let new = Route("/recipes/new")
    static let categories = Route("/recipes/categories")
    static let importFile = Route("/recipes/import")
    static let export = Route("/recipes/export")
    static let bookmarks = Route("/recipes/bookmarks")
    static let one = Route("/recipes/:id")
    static let edit = Route("/recipes/:id/edit")
    static let delete = Route("/recipes/:id/delete")
    static let exportOne = Route("/recipes/:id/export")
    static let bookmark = Route("/recipes/:id/bookmark")
    static let food = Route("/recipes/:id/food")
}
