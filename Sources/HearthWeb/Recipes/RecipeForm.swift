import Foundation
import HearthCore
import HearthStore

/// The recipe form as pages show it: its field names, its step rows, and the fields of a stored
/// recipe. Reading and checking what was sent is `RecipeFormInput` (HearthCore).
struct RecipeForm {
    static let fieldNames = [
        "title", "category", "tags", "servings", "preparation_minutes", "cooking_minutes", "kcal_per_serving", "grams_per_serving",
        "source_name", "source_url", "tip", "description", "ingredients", "step_count",
    ]
    static let maximumSteps = CountLimit.recipeSteps

    /// One step's row as the form shows it (`RecipeStepRow`, with its error in words once said).
    struct StepRow: PagePart {
        var row: RecipeStepRow

        init(_ row: RecipeStepRow) { self.row = row }
        init(index: Int, order: String) { row = RecipeStepRow(index: index, order: order) }

        func child(named name: String) -> Any? {
            switch name {
            case "index": String(row.index)
            case "number": String(row.index + 1)
            case "text": row.text
            case "section": row.section
            case "order": row.order
            case "keptPhoto": row.keptPhoto ?? false
            case "thumbnail": row.keptPhoto.map(PhotoURL.thumbnail) ?? false
            case "link": row.link ?? false
            case "error": row.error ?? false
            default: nil
            }
        }
    }

    /// The rows for a stored recipe, and `blank` more for new steps.
    static func rows(_ steps: [RecipeStep], blank: Int) -> [StepRow] {
        var rows = steps.enumerated().map { index, step in
            StepRow(
                RecipeStepRow(
                    index: index, text: step.text, section: step.section ?? "", order: String(index + 1), keptPhoto: step.photoSHA, link: step.imageURL))
        }
        for index in rows.count..<(rows.count + blank) { rows.append(StepRow(index: index, order: String(index + 1))) }
        return rows
    }

    /// The fields to show for a stored recipe.
    static func fields(_ recipe: RecipeInput, categoryID: Int64?) -> [String: String] {
        func number(_ value: Double?) -> String { value.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "" }
        return [
            "title": recipe.title, "category": categoryID.map(String.init) ?? "", "tags": recipe.tags.joined(separator: ", "),
            "servings": recipe.servings.map(String.init) ?? "", "preparation_minutes": recipe.preparationMinutes.map(String.init) ?? "",
            "cooking_minutes": recipe.cookingMinutes.map(String.init) ?? "", "kcal_per_serving": number(recipe.kcalPerServing),
            "grams_per_serving": number(recipe.gramsPerServing), "source_name": recipe.sourceName ?? "", "source_url": recipe.sourceURL ?? "",
            "tip": recipe.tip ?? "", "description": recipe.description ?? "", "ingredients": recipe.ingredients.map(\.text).joined(separator: "\n"),
        ]
    }

    var input: RecipeInput
    var errors: FieldErrors
    /// The rows as sent, for the form to come back with.
    var rows: [StepRow]
    /// Each kept step in its new order, with the row it came from (whose photo field may
    /// hold a new photo).
    var steps: [(row: Int, step: RecipeStep)]

    /// Reads the form (`RecipeFormInput`, in HearthCore). `stored` is the recipe being edited.
    init(_ fields: [String: String], categories: [RecipeCategory], stored: RecipeInput?, photoRows: Set<Int>) {
        let form = RecipeFormInput(fields, categories: categories.map { ($0.id, $0.name) }, stored: stored, photoRows: photoRows)
        (input, errors, rows, steps) = (form.input, form.errors, form.rows.map(StepRow.init), form.steps)
    }
}
