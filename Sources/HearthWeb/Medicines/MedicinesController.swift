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
    let jobs: MedicineImportJobs

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try listPage(query: FormData.query(request)["q"] ?? "", summary: nil, importError: nil, request: request, context: context, status: .ok)
    }

    private func listPage(
        query: String, summary: String?, importError: String?, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let result = try medicines.find(query)
        let found = result.items
        var html = HTML.empty
        for item in found {
            let line = [item.input.company, item.input.classification, item.input.ingredients.map { String(IngredientText.readable($0).prefix(80)) }].compactMap
            { $0 }.joined(
                separator: " · ")
            html +=
                #"<li><a href="\#(MedicineRoutes.one(item.id))"><strong>\#(item.name)</strong></a> <span class="tag">\#(format.t("medicines.kind.\(item.input.kind.rawValue)"))</span>"#
            html += #"<p class="meta">\#(line)</p></li>"#
        }
        let page = MedicineListPage(
            query: query, items: html, count: format.t("medicines.count", ["count": format.number(Double(try medicines.count()))]),
            nothingFound: found.isEmpty && !query.isEmpty, narrowed: result.narrowed, canRecord: context.role?.canRecord == true, summary: summary,
            importError: importError)
        return renderer.page(page, titleKey: "medicines.title", request: request, context: context, status: status)
    }

    @Sendable func show(_ request: Request, context: MedicineContext) async throws -> Response {
        let (item, context) = (context.medicine, context.app)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let input = item.input
        var facts: [FactView] = []
        facts.add(format.t("medicines.field.company"), input.company)
        facts.add(format.t("medicines.field.ingredients"), input.ingredients.map(IngredientText.readable))
        facts.add(format.t("medicines.field.classification"), input.classification)
        facts.add(format.t("medicines.field.form"), input.form)
        facts.add(
            format.t("medicines.field.prescription"), input.prescription.map { format.t($0 ? "medicines.prescription.yes" : "medicines.prescription.no") })
        facts.add(format.t("medicines.field.purpose"), input.purpose)
        facts.add(format.t("medicines.field.how_to_take"), input.howToTake)
        facts.add(format.t("medicines.field.warnings"), input.warnings)
        facts.add(format.t("medicines.field.notes"), input.notes)
        let page = MedicinePage(
            photo: item.photoSHA.map(PhotoURL.preview), id: item.id, name: item.name, kind: format.t("medicines.kind.\(input.kind.rawValue)"), facts: facts,
            canRecord: context.role?.canRecord == true,
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
            return form(
                input: upload.fields, errors: validated.errors, problems: checked.problems, item: item, request: request, context: context,
                status: .unprocessableContent)
        }
        try intake.store(checked)
        guard let item else {
            let id = try await medicines.create(medicine, photo: checked.records.first)
            return .redirect(to: MedicineRoutes.one(id), type: .normal)
        }
        if let replaced = try await medicines.update(id: item.id, medicine, newPhoto: checked.records.first) {
            await intake.cleanUp([replaced])
        }
        return .redirect(to: MedicineRoutes.one(item.id), type: .normal)
    }

    @Sendable func edit(_ request: Request, context: MedicineContext) async throws -> Response {
        let (item, context) = (context.medicine, context.app)
        let input = item.input
        let fields = [
            "kind": input.kind.rawValue, "name": input.name, "company": input.company ?? "", "ingredients": input.ingredients ?? "",
            "classification": input.classification ?? "", "form": input.form ?? "", "prescription": input.prescription.map { $0 ? "yes" : "no" } ?? "",
            "purpose": input.purpose ?? "", "how_to_take": input.howToTake ?? "", "warnings": input.warnings ?? "", "notes": input.notes ?? "",
        ]
        return form(input: fields, errors: FieldErrors(), problems: [], item: item, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: MedicineContext) async throws -> Response {
        try await save(context.medicine, request: request, context: context.app)
    }

    /// A public list's CSV: kept, then read and written in the background while a progress
    /// page follows it (the drug list is 50,000 rows); the summary is said at the end.
    @Sendable func importList(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let upload = try await UploadedForm.read(
            &request, context: context, temporaryFolder: intake.files.temporary, fileLimit: MedicineImport.largestFile, maximumFiles: 1)
        defer { upload.discard() }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let file: UploadedForm.File
        switch upload.file("file", listLimit: ImportLimits.medicineListBytes) {
        case .success(let sent): file = sent
        case .failure(let missing):
            return try listPage(
                query: "", summary: nil, importError: format.t(missing.messageKey, missing.values), request: request, context: context,
                status: .unprocessableContent)
        }
        let kept = (intake.files.temporary as NSString).appendingPathComponent("medicine-list-\(UUID().uuidString)")
        try FileManager.default.moveItem(atPath: file.temporaryPath, toPath: kept)
        let id = jobs.start(fileName: file.filename, path: kept, accountID: try context.requireMember().accountID, medicines: medicines, format: format)
        return .redirect(to: MedicineRoutes.importJob(id), type: .normal)
    }

    /// The import's page: a bar while it runs (kept current by `import-progress.js`), then
    /// its summary, or why nothing was written (422).
    @Sendable func importProgress(_ request: Request, context: AppRequestContext) async throws -> Response {
        let job = try loadJob(context)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let (running, percent, words) = Self.figures(job.state, format)
        var page = MedicineImportPage(id: try context.parameters.require("job"), fileName: job.fileName, running: running, percent: percent, progress: words)
        var status = HTTPResponse.Status.ok
        switch job.state {
        case .done(let summary): page.summary = summary
        case .failed(let problem):
            page.problem = problem
            status = .unprocessableContent
        case .reading, .writing: break
        }
        return renderer.page(page, titleKey: "medicines.import.title", request: request, context: context, status: status)
    }

    /// What the progress page's script polls.
    @Sendable func importStatus(_ request: Request, context: AppRequestContext) async throws -> Response {
        let job = try loadJob(context)
        let (running, percent, words) = Self.figures(job.state, Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone))
        let body = try JSONSerialization.data(withJSONObject: ["state": running ? "running" : "ended", "percent": percent, "records": words])
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Reading the file is the first tenth; writing the rest, by rows written.
    private static func figures(_ state: MedicineImportJobs.State, _ format: Formatting) -> (running: Bool, percent: Int, words: String) {
        switch state {
        case .reading: (true, 5, format.t("medicines.import.reading"))
        case .writing(let progress) where progress.rows == 0:
            // Read and written together: how many rows the file holds is known only at its end.
            (true, 50, format.t("medicines.import.written", ["written": format.number(Double(progress.written))]))
        case .writing(let progress):
            (
                true, 10 + 90 * progress.written / max(progress.rows, 1),
                format.t("medicines.import.writing", ["written": format.number(Double(progress.written)), "rows": format.number(Double(progress.rows))])
            )
        case .done: (false, 100, "")
        case .failed: (false, 0, "")
        }
    }

    /// Only who started an import sees it (a viewer never can); any other id is not found.
    private func loadJob(_ context: AppRequestContext) throws -> MedicineImportJobs.Job {
        try context.requireRecorder()
        guard let id = context.parameters.get("job"), let job = jobs.job(id, accountID: try context.requireMember().accountID) else { throw PageError.notFound }
        return job
    }

    private func form(
        input: [String: String], errors: FieldErrors, problems: [String], item: Medicine?, request: Request, context: AppRequestContext,
        status: HTTPResponse.Status
    ) -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let page = MedicineFormPage(
            heading: format.t(item == nil ? "medicines.new" : "medicines.edit"), action: item.map { MedicineRoutes.one($0.id) } ?? MedicineRoutes.list.pattern,
            cancel: item.map { MedicineRoutes.one($0.id) } ?? MedicineRoutes.list.pattern,
            fields: FormFields(MedicineInput.fieldNames, input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(problems, errors: errors),
            kinds: MedicineInput.Kind.allCases.map {
                OptionView(value: $0.rawValue, label: format.t("medicines.kind.\($0.rawValue)"), selected: input["kind"] == $0.rawValue)
            },
            prescription: ["", "yes", "no"].map {
                OptionView(
                    value: $0, label: format.t("medicines.prescription.\($0.isEmpty ? "unknown" : $0)"), selected: input["prescription", default: ""] == $0)
            },
            photo: item?.photoSHA.map(PhotoURL.thumbnail))
        return renderer.page(page, titleKey: item == nil ? "medicines.new" : "medicines.edit", request: request, context: context, status: status)
    }
}
