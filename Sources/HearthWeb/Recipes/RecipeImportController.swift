import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Recipes in and out on the web: files (JSON-LD, saved pages, the public Korean recipe
/// data) or pasted text, imported in one transaction with a summary; the book or one recipe
/// as JSON-LD that imports back unchanged.
struct RecipeImportController {
    let renderer: Renderer
    let recipes: RecipeRepository
    let temporaryFolder: String

    /// A saved page with its pictures inlined is a few megabytes; the public data's full
    /// list about 8.
    static let largestFile = Int(ImportLimits.recipeFileBytes)

    @Sendable func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireRecorder()
        return renderer.page(RecipeImportPage(), titleKey: "recipes.import.title", request: request, context: context)
    }

    @Sendable func importSent(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireRecorder()
        let member = try context.requireMember()
        var request = request
        let upload = try await UploadedForm.read(&request, context: context, temporaryFolder: temporaryFolder, fileLimit: Self.largestFile, maximumFiles: 20)
        defer { upload.discard() }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        var sources: [RecipeFiles.Source] = []
        for file in upload.files where file.field == "files" {
            guard !file.tooLarge else {
                let page = RecipeImportPage(
                    problem: format.t("recipes.import.too_large", ["file": file.filename, "megabytes": String(Self.largestFile / 1024 / 1024)]))
                return renderer.page(page, titleKey: "recipes.import.title", request: request, context: context, status: .contentTooLarge)
            }
            sources.append(.file(name: file.filename, path: file.temporaryPath))
        }
        let pasted = upload.fields["pasted", default: ""]
        if !pasted.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { sources.append(.text(name: format.t("recipes.import.pasted_name"), pasted)) }
        guard !sources.isEmpty else {
            return renderer.page(
                RecipeImportPage(problem: format.t("recipes.import.nothing_sent")), titleKey: "recipes.import.title",
                request: request, context: context, status: .unprocessableContent)
        }
        let report = try await RecipeFiles.importSources(sources, into: recipes, createdBy: member.accountID)
        let summary = RecipeImportPage.Summary(
            heading: format.t(
                "recipes.import.counts",
                ["imported": String(report.imported.count), "duplicates": String(report.duplicates.count), "refused": String(report.refused.count)]),
            imported: report.imported.map { .init(title: $0.title, href: RecipeRoutes.one($0.id)) },
            duplicates: report.duplicates,
            refused: report.refused.map { refusal in
                var (key, values) = refusal.reason.key
                if let field = values["field"] { values["field"] = format.t("recipes.import.field.\(field)") }
                return format.t("recipes.import.refused_line", ["name": refusal.name, "reason": format.t("recipes.import.refusal.\(key)", values)])
            },
            imageLinks: report.imageLinks)
        // Nothing imported is said as a problem (422) with the same summary, and the pasted
        // text stays in its box to be mended.
        let nothing = report.imported.isEmpty
        let page = RecipeImportPage(pasted: nothing ? pasted : "", problem: nothing ? format.t("recipes.import.none") : nil, summary: summary)
        return renderer.page(page, titleKey: "recipes.import.title", request: request, context: context, status: nothing ? .unprocessableContent : .ok)
    }

    @Sendable func exportAll(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireMember()
        return try Self.download(try recipes.all(), name: "hearth-recipes.jsonld")
    }

    @Sendable func exportOne(_ request: Request, context: RecipeContext) async throws -> Response {
        _ = try context.app.requireMember()
        return try Self.download([context.recipe], name: "\(context.recipe.title).jsonld")
    }

    private static func download(_ recipes: [RecipeInput], name: String) throws -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "application/ld+json; charset=utf-8", .cacheControl: "no-store", .contentDisposition: ContentDisposition.header(name: name),
            ], body: .init(byteBuffer: ByteBuffer(bytes: try RecipeFiles.jsonLD(recipes))))
    }
}
