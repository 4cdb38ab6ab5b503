import HearthCore
import HearthStore
import Hummingbird

/// `/recipes/:id/…`: the recipe and its id.
struct RecipeContext: LoadedContext {
    var app: AppRequestContext
    let id: Int64
    let recipe: RecipeInput

    init(app: AppRequestContext, loaded: (id: Int64, recipe: RecipeInput)) {
        self.app = app
        (id, recipe) = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    /// `/recipes/:id/…`: the recipe, or 404.
    func loadingRecipe(_ recipes: RecipeRepository) -> RouterGroup<RecipeContext> {
        loading(RecipeContext.self) { id, _ in try recipes.recipe(id: id).map { (id, $0) } }
    }
}
