import Foundation
import HearthCore
import HearthHTML
import HearthImports
import HearthStore
import Hummingbird

/// `/clinics`: the household's clinic directory; adding, editing, removing, and importing the
/// public register of animal hospitals.
struct ClinicsController {
    let renderer: Renderer
    let clinics: ClinicRepository
    let temporaryFolder: String

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try listPage(summary: nil, importError: nil, request: request, context: context, status: .ok)
    }

    /// Clinics a page shows: a national register is 50,000 of them, never one page.
    static let perPage = 30

    private func listPage(
        summary: HTML?, importError: String?, request: Request, context: AppRequestContext, status: HTTPResponse.Status,
        homeTyped: [String: String] = [:], homeError: String? = nil
    ) throws -> Response {
        let format = formatting(context)
        let query = request.uri.queryParameters
        let words = String((query.get("q") ?? "").prefix(200)).trimmingCharacters(in: .whitespaces)
        let number = max(1, min(100_000, query.get("page").flatMap { Int($0) } ?? 1))
        let home = try clinics.home()
        let now = context.now
        let editable = context.role?.canRecord == true
        var html = HTML.empty
        var total = 0
        if !words.isEmpty {
            // Searched in SQL, in the directory's order.
            let found = try clinics.search(words: words.split(whereSeparator: \.isWhitespace).map(String.init), limit: Self.perPage)
            total = found.count
            if found.isEmpty { html += #"<p class="meta">\#(format.t("search.none"))</p>"# }
            let km = ClinicDistances.kilometres(found, from: home)
            for clinic in found { html += ClinicCardHTML.card(clinic, now: now, format: format, editable: editable, kilometres: km[clinic.id]) }
        } else if let home {
            // Favourites first, then nearest first under one heading; those with no place last.
            // Only the page's clinics are read whole; the order comes from the places alone.
            let favourites = number == 1 ? try clinics.favourites() : []
            let grid = KoreanGrid.register.grid(of: home) ?? (x: 200_000, y: 500_000)
            let order = try clinics.nearest(x: grid.x, y: grid.y, offset: (number - 1) * Self.perPage, limit: Self.perPage)
            total = order.total + favourites.count
            let shown = try clinics.clinics(ids: order.ids)
            let km = ClinicDistances.kilometres(favourites + shown, from: home)
            for clinic in favourites { html += ClinicCardHTML.card(clinic, now: now, format: format, editable: editable, kilometres: km[clinic.id]) }
            if !shown.isEmpty { html += "<h2 class=\"district\">\(format.t("care.clinic.by_distance"))</h2>" }
            for clinic in shown { html += ClinicCardHTML.card(clinic, now: now, format: format, editable: editable, kilometres: km[clinic.id]) }
        } else {
            // Favourites come first, under no heading; then a heading for each district.
            let page = try clinics.page(offset: (number - 1) * Self.perPage, limit: Self.perPage)
            total = page.total
            var district: String?
            for clinic in page.clinics {
                if !clinic.input.favourite {
                    let this = clinic.district ?? format.t("care.clinic.no_district")
                    if this != district { html += "<h2 class=\"district\">\(this)</h2>" }
                    district = this
                }
                html += ClinicCardHTML.card(clinic, now: now, format: format, editable: editable)
            }
        }
        if words.isEmpty && total > Self.perPage { html += Self.pages(number, total: total, format: format) }
        let homeForm =
            editable
            ? ClinicDistances.form(home: home, clinics: try clinics.homeChoices(), typed: homeTyped, error: homeError, csrf: context.csrfToken, format: format)
            : .empty
        let page = ClinicListPage(
            clinics: html, hasClinics: total > 0 || !words.isEmpty, canRecord: editable, summary: summary, importError: importError, home: homeForm,
            query: words)
        return renderer.page(page, titleKey: "care.clinic.title", request: request, context: context, status: status)
    }

    /// "← 31–60 of 50,043 →": the pages of a long directory.
    static func pages(_ number: Int, total: Int, format: Formatting) -> HTML {
        let first = (number - 1) * perPage + 1, last = min(total, number * perPage)
        var html: HTML = #"<nav class="pager" aria-label="\#(format.t("care.clinic.pages"))">"#
        if number > 1 { html += #"<a href="\#(ClinicRoutes.list.pattern)?page=\#(number - 1)" rel="prev">← \#(format.t("care.clinic.previous"))</a> "# }
        html += #"<span>\#(format.t("care.clinic.range", ["first": first.grouped, "last": last.grouped, "total": total.grouped]))</span>"#
        if last < total { html += #" <a href="\#(ClinicRoutes.list.pattern)?page=\#(number + 1)" rel="next">\#(format.t("care.clinic.next")) →</a>"# }
        return html + "</nav>"
    }

    /// Where home is: typed coordinates (as a map gives them) or a clinic's place; or forgotten.
    @Sendable func setHome(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let format = formatting(context)
        if input["clear"] == "1" {
            try await clinics.setHome(nil)
            return .redirect(to: ClinicRoutes.list.pattern + "#home", type: .normal)
        }
        var errors = FieldErrors()
        let typed = FormInput.text(input, "coordinates", errors: &errors)
        var point: GeoPoint?
        if let typed, errors.isEmpty {
            if let parsed = GeoPoint(typed: typed) {
                if parsed.isInKorea { point = parsed } else { errors.add("coordinates", "care.home.error_outside") }
            } else {
                errors.add("coordinates", "care.home.error_format")
            }
        } else if errors.isEmpty, let chosen = input["clinic"].flatMap({ Int64($0) }) {
            if let place = try clinics.clinic(id: chosen)?.place { point = place } else { errors.add("coordinates", "care.home.error_clinic") }
        }
        guard let point, errors.isEmpty else {
            let problem = errors.first.map { format.t($0.key, $0.values) } ?? format.t("care.home.error_none")
            return try listPage(
                summary: nil, importError: nil, request: request, context: context, status: .unprocessableContent, homeTyped: input, homeError: problem)
        }
        try await clinics.setHome(point)
        return .redirect(to: ClinicRoutes.list.pattern, type: .normal)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        form(input: [:], errors: FieldErrors(), clinic: nil, request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch ClinicInput.validate(input) {
        case .invalid(let errors): return form(input: input, errors: errors, clinic: nil, request: request, context: context, status: .unprocessableContent)
        case .valid(let clinic):
            _ = try await clinics.create(clinic)
            return .redirect(to: ClinicRoutes.list.pattern, type: .normal)
        }
    }

    @Sendable func edit(_ request: Request, context: ClinicContext) async throws -> Response {
        let (clinic, context) = (context.clinic, context.app)
        return form(input: Self.input(from: clinic.input), errors: FieldErrors(), clinic: clinic, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: ClinicContext) async throws -> Response {
        let (clinic, context) = (context.clinic, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch ClinicInput.validate(input) {
        case .invalid(let errors): return form(input: input, errors: errors, clinic: clinic, request: request, context: context, status: .unprocessableContent)
        case .valid(let changed):
            try await clinics.update(id: clinic.id, changed)
            return .redirect(to: ClinicRoutes.list.pattern, type: .normal)
        }
    }

    @Sendable func delete(_ request: Request, context: ClinicContext) async throws -> Response {
        try await clinics.delete(id: context.clinic.id)
        return .redirect(to: ClinicRoutes.list.pattern, type: .normal)
    }

    /// The register's CSV: read off the event loop, written in one transaction, summed up on the page.
    @Sendable func importRegister(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let form = try await UploadedForm.read(
            &request, context: context, temporaryFolder: temporaryFolder, fileLimit: ClinicImport.largestFile, maximumFiles: 1)
        defer { form.discard() }
        let format = formatting(context)
        let file: UploadedForm.File
        switch form.file("file", listLimit: ImportLimits.clinicListBytes) {
        case .success(let sent): file = sent
        case .failure(let missing):
            return try listPage(
                summary: nil, importError: format.t(missing.messageKey, missing.values), request: request, context: context, status: .unprocessableContent)
        }
        let outcome = try await ClinicImport.run(path: file.temporaryPath, into: clinics)
        switch outcome {
        case .failure(let problem):
            return try listPage(
                summary: nil, importError: ClinicImport.message(problem, format), request: request, context: context, status: .unprocessableContent)
        case .success(let summary):
            return try listPage(
                summary: ClinicImport.summaryHTML(summary, format), importError: nil, request: request, context: context,
                status: summary.added + summary.updated > 0 ? .ok : .unprocessableContent)
        }
    }

    // MARK: - Helpers

    private func formatting(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
    }

    static func input(from clinic: ClinicInput) -> [String: String] {
        var input = ["name": clinic.name, "phone": clinic.phone ?? "", "address": clinic.address ?? "", "note": clinic.note ?? ""]
        if clinic.open24Hours { input["open_24_hours"] = "on" }
        if clinic.favourite { input["favourite"] = "on" }
        for day in 0..<7 { input["hours_\(day)"] = clinic.hours.dayText(day).replacingOccurrences(of: "–", with: "-") }
        return input
    }

    private func form(
        input: [String: String], errors: FieldErrors, clinic: Clinic?, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) -> Response {
        let format = formatting(context)
        let fields = FormFields(ClinicFormPage.fieldNames, input: input, errors: errors, strings: renderer.strings, language: context.language)
        let days = [1, 2, 3, 4, 5, 6, 0].map { day in
            ClinicFormPage.Day(
                field: "hours_\(day)", label: format.t("care.weekday.\(day)"), value: input["hours_\(day)"] ?? "",
                error: errors["hours_\(day)"].map { format.t($0) })
        }
        let page = ClinicFormPage(
            heading: format.t(clinic == nil ? "care.clinic.new" : "care.clinic.edit"),
            action: clinic.map { ClinicRoutes.one($0.id) } ?? ClinicRoutes.list.pattern,
            fields: fields, problems: FormProblems(errors: errors), days: days,
            open24Hours: input["open_24_hours"] != nil, favourite: input["favourite"] != nil, maybe24Hours: clinic?.maybe24Hours == true,
            deleteAction: clinic.map { ClinicRoutes.delete($0.id) })
        return renderer.page(page, titleKey: clinic == nil ? "care.clinic.new" : "care.clinic.edit", request: request, context: context, status: status)
    }
}
