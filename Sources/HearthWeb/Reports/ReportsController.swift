import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// Printable reports: `/reports/{subject}/{yyyy-mm}` (a subject's month),
/// `/reports/household/{yyyy-mm}` (every subject the member may see, with contents) and
/// `/reports/{subject}/vet?days=30|90` or `?from=&to=` (a pet's span for the vet), and
/// `/reports/{subject}/{yyyy-mm}/mar` (the month's medication chart). Each
/// prints on A4 or Letter from the print stylesheet, and as a PDF made on the server.
struct ReportsController {
    let renderer: Renderer
    let database: AppDatabase
    let subjects: SubjectRepository
    let charts: ChartsController
    let printer: ChromiumPrinter
    let areas: AreaList
    let now: @Sendable () -> Date
    static let longestSpan = 366

    /// The list of reports, and a form for any month (`?subject=&month=` goes to it).
    @Sendable func index(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        if let month = query.get("month").flatMap(YearMonth.init), let whose = query.get("subject") {
            return .redirect(to: whose == "household" ? ReportRoutes.household(month) : ReportRoutes.subject(Int64(whose) ?? 0, month), type: .normal)
        }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let month = YearMonth(LocalDate(now(), in: context.timeZone))
        let lastMonth = month.previous ?? month
        let everyone = try await subjects.subjects(access: context.access)
        let page = ReportIndexPage(
            thisMonth: format.monthHeading(month), lastMonth: format.monthHeading(lastMonth),
            household: ReportIndexPage.Subject(
                name: format.t("report.household"), month: ReportRoutes.household(month), previous: ReportRoutes.household(lastMonth),
                vet30: nil, vet90: nil, rangeAction: nil),
            subjects: everyone.map { subject in
                let pet = subject.kind == .pet
                return ReportIndexPage.Subject(
                    name: subject.name, month: ReportRoutes.subject(subject.id, month), previous: ReportRoutes.subject(subject.id, lastMonth),
                    vet30: pet ? ReportRoutes.vet(subject.id, days: 30) : nil, vet90: pet ? ReportRoutes.vet(subject.id, days: 90) : nil,
                    rangeAction: pet ? ReportRoutes.vet(subject.id) : nil)
            },
            choices: [OptionView(value: "household", label: format.t("report.household"), selected: true)]
                + everyone.map { OptionView(value: String($0.id), label: $0.name, selected: false) },
            month: month.description)
        return renderer.page(page, titleKey: "report.title", request: request, context: context)
    }

    @Sendable func household(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let month = YearMonth(try context.parameters.require("month")) else { throw PageError.notFound }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let html = htmlMaker(format, context: context)
        // The household's month is one snapshot.
        let (found, body) = try database.snapshot { snapshot in
            let found = try SubjectReport.household(
                from: month.firstDay, to: month.lastDay, access: context.access, timeZone: context.timeZone, now: now(), in: snapshot)
            return (found, try found.map { try html.subject($0, snapshot, id: "subject-\($0.subject.id)") }.joined())
        }
        let title = format.t("report.household_title", ["span": format.monthHeading(month)])
        return try await respond(
            ReportPage(
                heading: title, paper: Self.paper(request, context: context), paperLinks: paperLinks(request, format),
                contents: found.map { ReportPage.Link(label: $0.subject.name, href: "#subject-\($0.subject.id)") },
                body: body, pdf: link(request, ["pdf": "1"]), autoPrint: request.uri.queryParameters.get("print") != nil,
                previous: month.previous.map { ReportRoutes.household($0) },
                next: month < YearMonth(LocalDate(now(), in: context.timeZone)) ? month.next.map { ReportRoutes.household($0) } : nil),
            title: title, request: request, context: context)
    }

    @Sendable func subject(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let subjectID = Int64(try context.parameters.require("subject")) else { throw PageError.notFound }
        let spanText = try context.parameters.require("span")
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let from: LocalDate, to: LocalDate
        var month: YearMonth?
        if let chosen = YearMonth(spanText) {
            (from, to, month) = (chosen.firstDay, chosen.lastDay, chosen)
        } else if spanText == "vet" {
            let query = request.uri.queryParameters
            let today = LocalDate(now(), in: context.timeZone)
            if let days = query.get("days") {
                guard let count = Int(days), (1...Self.longestSpan).contains(count) else {
                    throw PageError(status: .unprocessableContent, messageKey: "report.error.days")
                }
                (from, to) = (today.adding(days: 1 - count), today)
            } else {
                guard let first = query.get("from").flatMap(LocalDate.init), let last = query.get("to").flatMap(LocalDate.init) else {
                    throw PageError(status: .unprocessableContent, messageKey: "report.error.dates")
                }
                guard first <= last, last.daysSince1970 - first.daysSince1970 < Self.longestSpan else {
                    throw PageError(status: .unprocessableContent, messageKey: "report.error.span")
                }
                (from, to) = (first, last)
            }
        } else {
            throw PageError.notFound
        }
        let html = htmlMaker(format, context: context)
        let read = try database.snapshot { snapshot -> (SubjectReport, HTML)? in
            guard
                let report = try SubjectReport.read(
                    subjectID: subjectID, from: from, to: to, access: context.access, timeZone: context.timeZone, now: now(), in: snapshot)
            else { return nil }
            return (report, try html.subject(report, snapshot, id: "subject-\(report.subject.id)"))
        }
        guard let (report, body) = read else { throw PageError.notFound }
        let title =
            month == nil
            ? format.t("report.vet_title", ["name": report.subject.name, "span": html.span(from, to)])
            : format.t("report.subject_title", ["name": report.subject.name, "span": html.span(from, to)])
        return try await respond(
            ReportPage(
                heading: title, paper: Self.paper(request, context: context), paperLinks: paperLinks(request, format), contents: [],
                body: body, pdf: link(request, ["pdf": "1"]),
                autoPrint: request.uri.queryParameters.get("print") != nil,
                previous: month?.previous.map { ReportRoutes.subject(subjectID, $0) },
                next: month.flatMap { $0 < YearMonth(LocalDate(now(), in: context.timeZone)) ? $0.next.map { ReportRoutes.subject(subjectID, $0) } : nil }),
            title: title, request: request, context: context)
    }

    /// A subject's medication chart (MAR) of a month, printed on A4 or Letter landscape.
    @Sendable func medicationChart(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let subjectID = Int64(try context.parameters.require("subject")), let month = YearMonth(try context.parameters.require("span")),
            let subject = try subjects.subject(id: subjectID, access: context.access)
        else { throw PageError.notFound }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let chart = try database.snapshot { snapshot in
            try MedicationChart.read(
                subjectID: subject.id, from: month.firstDay, to: month.lastDay, access: context.access, now: now(), timeZone: context.timeZone,
                in: snapshot)
        }
        let title = format.t("report.mar.title", ["name": subject.name, "span": format.monthHeading(month)])
        let body = MedicationChartHTML(chart: chart, format: format).render()
        return try await respond(
            ReportPage(
                heading: title, paper: Self.paper(request, context: context), paperLinks: paperLinks(request, format), contents: [], body: body,
                pdf: link(request, ["pdf": "1"]), autoPrint: request.uri.queryParameters.get("print") != nil,
                previous: month.previous.map { ReportRoutes.medicationChart(subject.id, $0) },
                next: month < YearMonth(LocalDate(now(), in: context.timeZone)) ? month.next.map { ReportRoutes.medicationChart(subject.id, $0) } : nil),
            title: title, request: request, context: context)
    }

    private func htmlMaker(_ format: Formatting, context: AppRequestContext) -> ReportHTML {
        ReportHTML(
            format: format, charts: charts, areas: areas, weightUnit: BodyWeightUnit(context.household?.weightUnit ?? .kg),
            volumeUnit: context.household?.volumeUnit ?? .ml)
    }

    /// `?paper=letter`, else the household's habit: Letter where money is dollars, A4 elsewhere.
    static func paper(_ request: Request, context: AppRequestContext) -> String {
        if let paper = request.uri.queryParameters.get("paper"), ["a4", "letter"].contains(paper) { return paper }
        return ["USD", "CAD"].contains(context.household?.currency ?? "") ? "letter" : "a4"
    }

    private func link(_ request: Request, _ changes: [String: String?]) -> String {
        var parameters: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where !["pdf", "print"].contains(String(key)) { parameters[String(key)] = String(value) }
        for (key, value) in changes { parameters[key] = value }
        return QueryLink.make(request.uri.path, parameters)
    }

    private func paperLinks(_ request: Request, _ format: Formatting) -> [ReportPage.Link] {
        // Typed: the link's [String: String?] would otherwise make each name an optional ("Optional(a4)").
        ["a4", "letter"].map { (paper: String) in ReportPage.Link(label: format.t("report.paper.\(paper)"), href: link(request, ["paper": paper])) }
    }

    /// The page, or with `?pdf=1` the PDF Chromium prints of it; without Chromium the page
    /// again, asking the browser to print.
    private func respond(_ page: ReportPage, title: String, request: Request, context: AppRequestContext) async throws -> Response {
        guard request.uri.queryParameters.get("pdf") != nil else {
            return renderer.page(page, titleKey: "report.title", titleText: title, request: request, context: context)
        }
        let html = renderer.html(page, titleKey: "report.title", titleText: title, request: request, context: context)
        let printed = try await printer.perMember.run(try context.requireMember().accountID, messageKey: "report.error.pdf_busy") {
            await printer.pdf(html: html)
        }
        guard let pdf = printed else {
            return .redirect(to: link(request, ["print": "1"]), type: .normal)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/pdf", .cacheControl: "no-store",
                .contentDisposition: ContentDisposition.header("inline", name: "hearth \(title).pdf"),
            ], body: .init(byteBuffer: ByteBuffer(data: pdf)))
    }
}
