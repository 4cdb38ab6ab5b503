import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// Adding, editing and deleting recipes, and the household's list of categories; members
/// who record only. A recipe's photo and its steps' photos go through the photo pipeline
/// like a diary's, and nothing is written unless every field and every photo is good.
struct RecipeEditController {
    let renderer: Renderer
    let recipes: RecipeRepository
    let intake: PhotoIntake

    /// Blank step rows under a new recipe, and under an edited one's steps.
    static let blankSteps = (new: 5, edit: 2, more: 5)

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireRecorder()
        return try form(
            fields: [:], rows: RecipeForm.rows([], blank: Self.blankSteps.new), errors: FieldErrors(), problems: [], id: nil, stored: nil,
            request: request, context: context, status: .ok)
    }

    @Sendable func edit(_ request: Request, context: RecipeContext) async throws -> Response {
        let (id, recipe, context) = (context.id, context.recipe, context.app)
        let categoryID = try recipes.categories().first { $0.name == recipe.category }?.id
        return try form(
            fields: RecipeForm.fields(recipe, categoryID: categoryID), rows: RecipeForm.rows(recipe.steps, blank: Self.blankSteps.edit),
            errors: FieldErrors(), problems: [], id: id, stored: recipe, request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireRecorder()
        return try await save(id: nil, stored: nil, request: request, context: context)
    }

    @Sendable func update(_ request: Request, context: RecipeContext) async throws -> Response {
        let (id, recipe, context) = (context.id, context.recipe, context.app)
        return try await save(id: id, stored: recipe, request: request, context: context)
    }

    private func save(id: Int64?, stored: RecipeInput?, request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let upload = try await intake.read(&request, context: context)
        defer { upload.discard() }
        let photoRows = Set(
            upload.files.compactMap { file -> Int? in
                guard file.field.hasPrefix("step_"), file.field.hasSuffix("_photo") else { return nil }
                return Int(file.field.dropFirst(5).dropLast(6))
            })
        let categories = try recipes.categories()
        var form = RecipeForm(upload.fields, categories: categories, stored: stored, photoRows: photoRows)
        // "More steps": the form again with what was typed and more blank rows (files chosen
        // so far are not kept by the browser's form, so the hint says to add them after).
        if upload.fields["more_steps"] != nil {
            let blank = form.rows.count..<min(form.rows.count + Self.blankSteps.more, RecipeForm.maximumSteps)
            let rows = form.rows + blank.map { RecipeForm.StepRow(index: $0, order: String($0 + 1)) }
            return try self.form(
                fields: upload.fields, rows: rows, errors: FieldErrors(), problems: [], id: id, stored: stored,
                request: request, context: context, status: .ok)
        }
        // The dish's photo and each step's, checked together: one bad file refuses the form.
        let dish = await intake.check(upload, field: "photo", maximum: 1, strings: renderer.strings, language: context.language)
        var problems = dish.problems
        var checked = [dish]
        for (position, kept) in form.steps.enumerated() where photoRows.contains(kept.row) {
            let step = await intake.check(upload, field: "step_\(kept.row)_photo", maximum: 1, strings: renderer.strings, language: context.language)
            problems += step.problems
            checked.append(step)
            if let photo = step.photos.first {
                form.input.steps[position].photoSHA = photo.photo.sha256
                form.input.steps[position].imageURL = nil
            }
        }
        if let photo = dish.photos.first { form.input.photoSHA = photo.photo.sha256 }
        guard form.errors.isEmpty, problems.isEmpty else {
            return try self.form(
                fields: upload.fields, rows: form.rows, errors: form.errors, problems: problems, id: id, stored: stored,
                request: request, context: context, status: .unprocessableContent)
        }
        for photos in checked { try intake.store(photos) }
        let records = checked.flatMap(\.records)
        let member = try context.requireMember()
        guard let id else {
            let id = try await recipes.create(form.input, photos: records, createdBy: member.accountID)
            return .redirect(to: RecipeRoutes.one(id), type: .normal)
        }
        let unused = try await recipes.update(id: id, form.input, photos: records)
        await intake.cleanUp(unused)
        return .redirect(to: RecipeRoutes.one(id), type: .normal)
    }

    @Sendable func delete(_ request: Request, context: RecipeContext) async throws -> Response {
        let (id, context) = (context.id, context.app)
        var request = request
        _ = try await FormData.read(&request, context: context)
        await intake.cleanUp(try await recipes.delete(id: id))
        return .redirect(to: RecipeRoutes.list.pattern + "?deleted=1", type: .normal)
    }

    private func form(
        fields: [String: String], rows: [RecipeForm.StepRow], errors: FieldErrors, problems: [String], id: Int64?, stored: RecipeInput?,
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        var rows = rows
        for index in rows.indices { rows[index].row.error = rows[index].row.error.map { format.t($0, rows[index].row.errorValues) } }
        let page = RecipeFormPage(
            heading: format.t(id == nil ? "recipes.new" : "recipes.edit"), action: id.map { RecipeRoutes.one($0) } ?? RecipeRoutes.list.pattern,
            cancel: id.map { RecipeRoutes.one($0) } ?? RecipeRoutes.list.pattern,
            fields: FormFields(RecipeForm.fieldNames, input: fields, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(problems, errors: errors),
            categories: [OptionView(value: "", label: format.t("recipes.no_category"), selected: fields["category", default: ""].isEmpty)]
                + (try recipes.categories()).map { OptionView(value: String($0.id), label: $0.name, selected: fields["category"] == String($0.id)) },
            steps: rows, photo: stored?.photoSHA.map(PhotoURL.thumbnail), imageLink: stored?.imageURL,
            stepsError: errors["steps"].map { format.t($0) })
        return renderer.page(page, titleKey: id == nil ? "recipes.new" : "recipes.edit", request: request, context: context, status: status)
    }

    // MARK: Categories

    @Sendable func categories(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireRecorder()
        return try categoriesPage(added: "", problem: nil, request: request, context: context, status: .ok)
    }

    /// One form for the whole list: each name, a box to remove it, and a new one.
    @Sendable func saveCategories(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireRecorder()
        var request = request
        let fields = try await FormData.read(&request, context: context).fields
        var renamed: [Int64: String] = [:]
        var removed = Set<Int64>()
        for (name, value) in fields {
            if name.hasPrefix("name_"), let id = Int64(name.dropFirst(5)) { renamed[id] = value }
            if name.hasPrefix("remove_"), let id = Int64(name.dropFirst(7)), value == "1" { removed.insert(id) }
        }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        var errors = FieldErrors()
        for (name, value) in fields where name == "added" || name.hasPrefix("name_") { FormInput.check(value, field: name, errors: &errors) }
        if let first = errors.first {
            return try categoriesPage(
                added: fields["added"] ?? "", problem: format.t(first.key, first.values), request: request, context: context, status: .unprocessableContent)
        }
        do {
            try await recipes.saveCategories(renamed: renamed, added: fields["added"], removed: removed)
        } catch let problem as RecipeRepository.CategoryProblem {
            let message =
                switch problem {
                case .empty: format.t("recipes.categories.error.empty")
                case .taken(let name): format.t("recipes.categories.error.taken", ["name": name])
                }
            return try categoriesPage(added: fields["added"] ?? "", problem: message, request: request, context: context, status: .unprocessableContent)
        }
        return .redirect(to: RecipeRoutes.categories.pattern, type: .normal)
    }

    private func categoriesPage(added: String, problem: String?, request: Request, context: AppRequestContext, status: HTTPResponse.Status) throws -> Response {
        let rows = try recipes.categories().map { RecipeCategoriesPage.Row(id: String($0.id), name: $0.name, count: String($0.count)) }
        return renderer.page(
            RecipeCategoriesPage(categories: rows, added: added, problem: problem), titleKey: "recipes.categories.title",
            request: request, context: context, status: status)
    }
}
