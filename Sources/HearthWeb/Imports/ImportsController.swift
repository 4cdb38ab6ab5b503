import Foundation
import HearthCore
import HearthImports
import HearthStore
import Hummingbird

/// Imports from phones: the upload form on a person, and the progress page of each import.
struct ImportsController {
    let renderer: Renderer
    let imports: ImportRepository
    let people: PersonRepository
    let runner: ImportRunner
    let temporaryFolder: String

    /// An export of years with a watch is a few hundred megabytes zipped; an unzipped
    /// export.xml can pass a gigabyte.
    static let largestFile = 4 << 30

    @Sendable func form(_ request: Request, context: PersonContext) async throws -> Response {
        try formPage(
            context.person, input: ["source": ImportSource.appleHealth.rawValue], errors: FieldErrors(), request: request, context: context.app, status: .ok)
    }

    /// Takes the file to disk as it arrives, starts the import in the background and goes to its progress page.
    @Sendable func upload(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        var request = request
        let form = try await UploadedForm.read(&request, context: context, temporaryFolder: temporaryFolder, fileLimit: Self.largestFile, maximumFiles: 1)
        var errors = FieldErrors()
        let source = ImportSource(rawValue: form.fields["source"] ?? "")
        if source == nil { errors.add("source", "imports.error.source") }
        let chosen = form.file("file")
        if case .failure(let missing) = chosen { errors.add("file", missing.messageKey, missing.values) }
        guard let source, case .success(let file) = chosen, errors.isEmpty else {
            form.discard()
            return try formPage(person, input: form.fields, errors: errors, request: request, context: context, status: .unprocessableContent)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.temporaryPath)[.size] as? NSNumber)?.int64Value ?? 0
        let jobID = try await imports.start(
            subjectID: person.id, source: source.rawValue, fileName: file.filename, bytesTotal: size, createdBy: context.member?.account.id)
        let (runner, timeZone, member) = (self.runner, context.timeZone, context.member?.account.id)
        // Not tied to this request: the import goes on after the answer, and after the member
        // leaves the page; its writes are still the member's in the history.
        let author = ChangeAuthor.current
        Task.detached {
            await ChangeAuthor.$current.withValue(author) {
                await runner.run(
                    jobID: jobID, subjectID: person.id, source: source, path: file.temporaryPath, fileName: file.filename, timeZone: timeZone, member: member)
            }
        }
        return .redirect(to: ImportRoutes.one(jobID), type: .normal)
    }

    @Sendable func progress(_ request: Request, context: ImportContext) async throws -> Response {
        let (job, context) = (context.job, context.app)
        guard let person = try await people.person(id: job.subjectID, access: context.access) else { throw PageError.notFound }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let page = ImportProgressPage(
            id: job.id, personID: person.id, personName: person.profile.name, fileName: job.fileName,
            running: job.state == .running, done: job.state == .done, percent: job.percent,
            records: Self.records(job, format),
            days: format.t(job.daysWritten == 1 ? "imports.day" : "imports.days", ["count": format.number(Double(job.daysWritten))]),
            problem: job.message.map {
                let (key, values) = ImportMessage.read($0)
                return format.t(key, values)
            })
        return renderer.page(page, titleKey: "imports.title", request: request, context: context)
    }

    /// The figures the progress page's script polls, as JSON.
    @Sendable func status(_ request: Request, context: ImportContext) async throws -> Response {
        let (job, context) = (context.job, context.app)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let status = Status(state: job.state.rawValue, percent: job.percent, records: Self.records(job, format))
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(status))))
    }

    private struct Status: Encodable {
        let state: String
        let percent: Int
        let records: String
    }

    /// "12,345 records read" (one record, one day: their own words).
    static func records(_ job: ImportJob, _ format: Formatting) -> String {
        format.t(job.recordsRead == 1 ? "imports.record" : "imports.records", ["count": format.number(Double(job.recordsRead))])
    }

    private func formPage(
        _ person: Person, input: [String: String], errors: FieldErrors, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let strings = renderer.strings, language = context.language
        let page = ImportFormPage(
            personID: person.id, personName: person.profile.name,
            sources: ImportSource.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("imports.source.\($0.rawValue)", language), selected: input["source"] == $0.rawValue)
            },
            fields: FormFields(ImportFormPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            problems: FormProblems([], errors: errors))
        return renderer.page(
            page, titleKey: "imports.title", titleText: strings.text("imports.heading", language, ["name": person.profile.name]), request: request,
            context: context, status: status)
    }
}
