import Foundation

/// The recipe form read and checked: the fields, the ingredient lines (one a line, each
/// read by `Ingredient.parse`), and the steps, each a numbered row with its words, its
/// part of the recipe, its place in the order, and its photo (kept, replaced, dropped).
/// Reordering is by the numbers, so it works without a script; a step is removed by its
/// box or by leaving it empty.
public struct RecipeFormInput: Sendable {
    public var input: RecipeInput
    public var errors = FieldErrors()
    /// The rows as sent, for the form to come back with.
    public var rows: [RecipeStepRow] = []
    /// Each kept step in its new order, with the row it came from (whose photo field may
    /// hold a new photo).
    public var steps: [(row: Int, step: RecipeStep)] = []

    /// Reads the form. `stored` is the recipe being edited: a row may keep only a photo that
    /// recipe already shows, never name another.
    public init(_ fields: [String: String], categories: [(id: Int64, name: String)], stored: RecipeInput?, photoRows: Set<Int>) {
        var errors = FieldErrors()
        func text(_ name: String) -> String? { FormInput.text(fields, name, errors: &errors) }
        func whole(_ name: String, _ range: ClosedRange<Double>, units: [String]) -> Int? {
            FormInput.number(fields, name, range: range, units: units, whole: true, errors: &errors).map { Int($0) }
        }
        var input = RecipeInput(title: text("title") ?? "")
        if input.title.isEmpty { errors.add("title", "recipes.error.title_required") }
        switch fields["category", default: ""] {
        case "": input.category = nil
        case let raw:
            if let category = categories.first(where: { String($0.id) == raw }) {
                input.category = category.name
            } else {
                errors.add("category", "error.choice.unknown")
            }
        }
        input.tags = (text("tags") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        input.servings = whole("servings", 1...100, units: NumberUnits.servings)
        input.preparationMinutes = whole("preparation_minutes", 0...10_000, units: NumberUnits.minutes)
        input.cookingMinutes = whole("cooking_minutes", 0...10_000, units: NumberUnits.minutes)
        input.kcalPerServing = FormInput.number(fields, "kcal_per_serving", range: 0...20_000, units: NumberUnits.kcal, errors: &errors)
        input.gramsPerServing = FormInput.number(fields, "grams_per_serving", range: 0.1...20_000, units: NumberUnits.grams, errors: &errors)
        input.sourceName = text("source_name")
        input.sourceURL = text("source_url")
        if let url = input.sourceURL, !(url.hasPrefix("https://") || url.hasPrefix("http://")) || URL(string: url)?.host == nil {
            errors.add("source_url", "recipes.error.url")
        }
        input.tip = text("tip")
        input.description = text("description")
        input.ingredients = (text("ingredients") ?? "").split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(Ingredient.parse)
        if input.tags.count > CountLimit.recipeTags || input.tags.contains(where: { $0.count > TextLimit.label }) { errors.add("tags", "recipes.error.tags") }
        if input.ingredients.count > CountLimit.recipeIngredients || input.ingredients.contains(where: { $0.text.count > TextLimit.ingredientLine }) {
            errors.add("ingredients", "recipes.error.ingredients")
        }
        input.imageURL = stored?.imageURL
        input.photoSHA = fields["remove_photo"] == "1" ? nil : stored?.photoSHA

        let storedPhotos = Set(stored?.steps.compactMap(\.photoSHA) ?? [])
        let storedLinks = Set(stored?.steps.compactMap(\.imageURL) ?? [])
        let count = min(Int(fields["step_count", default: "0"]) ?? 0, CountLimit.recipeSteps)
        var kept: [(order: Double, row: Int, step: RecipeStep)] = []
        for index in 0..<count {
            let prefix = "step_\(index)_"
            var row = RecipeStepRow(index: index, order: fields[prefix + "order", default: ""])
            row.text = fields[prefix + "text", default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
            row.section = fields[prefix + "section", default: ""].trimmingCharacters(in: .whitespaces)
            row.keptPhoto = fields[prefix + "photo_kept"].flatMap { storedPhotos.contains($0) ? $0 : nil }
            row.link = fields[prefix + "link"].flatMap { storedLinks.contains($0) ? $0 : nil }
            if fields[prefix + "drop_photo"] == "1" {
                row.keptPhoto = nil
                row.link = nil
            }
            var rowErrors = FieldErrors()
            FormInput.check(row.text, field: prefix + "text", errors: &rowErrors)
            FormInput.check(row.section, field: prefix + "section", errors: &rowErrors)
            if let field = rowErrors.messages.keys.sorted().last {
                (row.error, row.errorValues) = (rowErrors[field], rowErrors.values[field] ?? [:])
            }
            let order = FormInput.decimal(row.order)
            if !row.order.trimmingCharacters(in: .whitespaces).isEmpty && order == nil { row.error = "recipes.error.order" }
            rows.append(row)
            let removed = fields[prefix + "remove"] == "1"
            let empty = row.text.isEmpty && row.keptPhoto == nil && row.link == nil && !photoRows.contains(index)
            guard !removed, !empty else { continue }
            kept.append(
                (
                    order ?? Double(index + 1), index,
                    RecipeStep(section: row.section.isEmpty ? nil : row.section, text: row.text, imageURL: row.link, photoSHA: row.keptPhoto)
                ))
        }
        if rows.contains(where: { $0.error != nil }) { errors.add("steps", "recipes.error.steps") }
        // Moving step 5 to 2 is typing 2 in its box: on equal numbers, the step whose number
        // was changed goes first, so it takes the place and step 2 moves down.
        func key(_ step: (order: Double, row: Int, step: RecipeStep)) -> (Double, Int, Int) {
            (step.order, step.order == Double(step.row + 1) ? 1 : 0, step.row)
        }
        steps = kept.sorted { key($0) < key($1) }.map { ($0.row, $0.step) }
        input.steps = steps.map(\.step)
        if input.ingredients.isEmpty && input.steps.isEmpty { errors.add("ingredients", "recipes.error.nothing") }
        self.input = input
        self.errors = errors
    }
}

/// One step's row as the form sent it.
public struct RecipeStepRow: Sendable, Equatable {
    public let index: Int
    public var text = ""
    public var section = ""
    public var order: String
    /// The step's own photo, kept unless replaced or dropped.
    public var keptPhoto: String?
    /// An imported step's image address.
    public var link: String?
    /// The row's problem (a message key) and what it names (a limit, a length).
    public var error: String?
    public var errorValues: [String: String] = [:]

    public init(index: Int, text: String = "", section: String = "", order: String, keptPhoto: String? = nil, link: String? = nil) {
        (self.index, self.text, self.section, self.order, self.keptPhoto, self.link) = (index, text, section, order, keptPhoto, link)
    }
}
