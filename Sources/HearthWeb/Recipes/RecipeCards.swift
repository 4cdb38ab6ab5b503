import HearthStore

/// Recipes on other areas' pages: in search, by title.
enum RecipeCards: AreaCards {
    static let exportKinds = HouseholdExport.recipeKinds
    static let demo: (any DemoStep.Type)? = RecipesDemo.self

    static func search(_ shown: ShownSearch) throws -> [SearchGroup] {
        let found = try RecipeRepository(shown.database).search(title: shown.text, limit: SearchController.perKind)
        return [
            SearchGroup(
                rank: 60, heading: shown.format.t("search.group.recipes"),
                items: found.map { .init(href: RecipeRoutes.one($0.id), name: $0.title, detail: $0.category ?? "") })
        ]
    }
}
