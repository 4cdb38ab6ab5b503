import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let recipeKinds: [ExportKind] = [
        (
            "recipes",
            """
            SELECT r.id AS recipe_id, r.title, c.name AS category, (SELECT group_concat(tag, ', ') FROM recipe_tag WHERE recipe_id = r.id) AS tags,
                   r.servings, r.preparation_minutes, r.cooking_minutes, r.kcal_per_serving, r.grams_per_serving,
                   (SELECT group_concat(text, char(10)) FROM (SELECT text FROM recipe_ingredient WHERE recipe_id = r.id ORDER BY position)) AS ingredients,
                   (SELECT group_concat(text, char(10)) FROM (SELECT text FROM recipe_step WHERE recipe_id = r.id ORDER BY position)) AS steps,
                   r.tip, r.source_name, r.source_url, r.photo_sha AS photo, r.image_url
            FROM recipe r LEFT JOIN recipe_category c ON c.id = r.category_id ORDER BY r.id
            """
        ),
        (
            "recipe_bookmarks",
            """
            SELECT b.recipe_id, r.title, a.display_name AS member, b.created_at FROM recipe_bookmark b JOIN recipe r ON r.id = b.recipe_id
            JOIN account a ON a.id = b.account_id ORDER BY b.account_id, b.recipe_id
            """
        ),
    ]
}
