import Foundation
import HearthCore
import HearthHTML
import HearthImports
import HearthStore
import Hummingbird

/// `/medicines`: the household's catalogue of medicines and supplements, searched by name,
/// company, ingredient or classification; adding and editing; importing the public lists.
struct MedicinesController {
    let renderer: Renderer
    let medicines: MedicineRepository
    let intake: PhotoIntake
    let subjects: SubjectRepository

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try listPage(query: request.uri.queryParameters.get("q") ?? "", summary: nil, importError: nil, request: request, context: context, status: .ok)
    }

    private func listPage(query: String, summary: String?, importError: String?, request: Request, context: AppRequestContext, status: HTTPResponse.Status) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let result = try medicines.find(query)
        let found = result.items
        var html = HTML.empty
        for item in found {
            let line = [item.input.company, item.input.classification, item.input.ingredients.map { String($0.prefix(80)) }].compactMap { $0 }.joined(separator: " · ")
            html += #"<li><a href="/medicines/\#(item.id)"><strong>\#(item.name)</strong></a> <span class="tag">\#(format.t("medicines.kind.\(item.input.kind.rawValue)"))</span>"#
            html += #"<p class="meta">\#(line)</p></li>"#
        }
        let page = MedicineListPage(
            query: query, items: html, count: format.t("medicines.count", ["count": format.number(Double(try medicines.count()))]),
            nothingFound: found.isEmpty && !query.isEmpty, narrowed: result.narrowed, canRecord: context.role?.canRecord == true, summary: summary, importError: importError)
        return renderer.page(page, titleKey: "medicines.title", request: request, context: context, status: status)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let item = try load(context)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let input = item.input
        var facts: [FactView] = []
        facts.add(format.t("medicines.field.company"), input.company)
        facts.add(format.t("medicines.field.ingredients"), input.ingredients)
        facts.add(format.t("medicines.field.classification"), input.classification)
        facts.add(format.t("medicines.field.form"), input.form)
        facts.add(format.t("medicines.field.prescription"), input.prescription.map { format.t($0 ? "medicines.prescription.yes" : "medicines.prescription.no") })
        facts.add(format.t("medicines.field.purpose"), input.purpose)
        facts.add(format.t("medicines.field.how_to_take"), input.howToTake)
        facts.add(format.t("medicines.field.warnings"), input.warnings)
        facts.add(format.t("medicines.field.notes"), input.notes)
        let page = MedicinePage(photo: item.photoSHA.map(PhotoURL.preview), id: item.id, name: item.name, kind: format.t("medicines.kind.\(input.kind.rawValue)"), facts: facts, canRecord: context.role?.canRecord == true,
                                subjects: try await subjects.subjects(access: context.access).map { OptionView(value: String($0.id), label: $0.name, selected: false) })
        return renderer.page(page, titleKey: "medicines.title", titleText: item.name, request: request, context: context)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        form(input: ["kind": "medicine"], errors: FieldErrors(), problems: [], item: nil, request: request, context: context, status: .ok)
    }

    /// Adds an item, or saves an edit: the fields and the photo (the box, taken with the
    /// phone's camera or chosen) are checked together, and nothing is written unless both are good.
    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(nil, request: request, context: context)
    }

    private func save(_ item: Medicine?, request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let upload = try await intake.read(&request, context: context)
        defer { upload.discard() }
        let checked = await intake.check(upload, field: "photo", maximum: 1, strings: renderer.strings, language: context.language)
        let validated = MedicineInput.validate(upload.fields)
        guard case .valid(let medicine) = validated, checked.problems.isEmpty else {
            return form(input: upload.fields, errors: validated.errors, problems: checked.problems, item: item, request: request, context: context, status: .unprocessableContent)
        }
        try intake.store(checked)
        guard let item else {
            let id = try await medicines.create(medicine, photo: checked.records.first)
            return .redirect(to: "/medicines/\(id)", type: .normal)
        }
        if let replaced = try await medicines.update(id: item.id, medicine, newPhoto: checked.records.first) {
            await intake.cleanUp([replaced])
        }
        return .redirect(to: "/medicines/\(item.id)", type: .normal)
    }

    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let item = try load(context)
        let input = item.input
        let fields = [
            "kind": input.kind.rawValue, "name": input.name, "company": input.company ?? "", "ingredients": input.ingredients ?? "",
            "classification": input.classification ?? "", "form": input.form ?? "", "prescription": input.prescription.map { $0 ? "yes" : "no" } ?? "",
            "purpose": input.purpose ?? "", "how_to_take": input.howToTake ?? "", "warnings": input.warnings ?? "", "notes": input.notes ?? "",
        ]
        return form(input: fields, errors: FieldErrors(), problems: [], item: item, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(try load(context), request: request, context: context)
    }

    /// A public list's CSV: read off the event loop, written in one transaction, summed up on the page.
    @Sendable func importList(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let upload = try await UploadedForm.read(&request, context: context, temporaryFolder: intake.files.temporary, fileLimit: MedicineImport.largestFile, maximumFiles: 1)
        defer { upload.discard() }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let file: UploadedForm.File
        switch upload.file("file") {
        case .success(let sent): file = sent
        case .failure(let missing):
            return try listPage(query: "", summary: nil, importError: format.t(missing.messageKey), request: request, context: context, status: .unprocessableContent)
        }
        switch try await MedicineImport.run(path: file.temporaryPath, into: medicines) {
        case .failure(let problem):
            return try listPage(query: "", summary: nil, importError: MedicineImport.message(problem, format), request: request, context: context, status: .unprocessableContent)
        case .success(let summary):
            return try listPage(query: "", summary: MedicineImport.summaryText(summary, format), importError: nil, request: request, context: context,
                                status: summary.added + summary.updated > 0 ? .ok : .unprocessableContent)
        }
    }

    private func load(_ context: AppRequestContext) throws -> Medicine {
        guard let item = try medicines.medicine(id: context.parameters.require("id", as: Int64.self)) else { throw PageError.notFound }
        return item
    }

    private func form(input: [String: String], errors: FieldErrors, problems: [String], item: Medicine?, request: Request, context: AppRequestContext, status: HTTPResponse.Status) -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let page = MedicineFormPage(
            heading: format.t(item == nil ? "medicines.new" : "medicines.edit"), action: item.map { "/medicines/\($0.id)" } ?? "/medicines",
            cancel: item.map { "/medicines/\($0.id)" } ?? "/medicines",
            fields: FormFields(MedicineInput.fieldNames, input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(problems, errors: errors),
            kinds: MedicineInput.Kind.allCases.map { OptionView(value: $0.rawValue, label: format.t("medicines.kind.\($0.rawValue)"), selected: input["kind"] == $0.rawValue) },
            prescription: ["", "yes", "no"].map {
                OptionView(value: $0, label: format.t("medicines.prescription.\($0.isEmpty ? "unknown" : $0)"), selected: input["prescription", default: ""] == $0)
            },
            photo: item?.photoSHA.map(PhotoURL.thumbnail))
        return renderer.page(page, titleKey: item == nil ? "medicines.new" : "medicines.edit", request: request, context: context, status: status)
    }
}
