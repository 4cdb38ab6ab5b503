import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// Identifying a loose pill: "하양 원형 YH" against the public pill-identification list, each
/// pill with its product's page (when the drug list holds it) and the household's regimens of it.
struct PillsController {
    let renderer: Renderer
    let pills: PillRepository

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let query = String((request.uri.queryParameters.get("q") ?? "").prefix(200)).trimmingCharacters(in: .whitespaces)
        let found = try pills.find(query, access: context.access)
        var html = HTML.empty
        for item in found.pills {
            let pill = item.pill
            let name: HTML = item.medicineID.map { #"<a href="/medicines/\#($0)"><strong>\#(pill.name)</strong></a>"# } ?? "<strong>\(pill.name)</strong>"
            html += #"<li class="pill">\#(name)"#
            if let company = pill.company { html += #" <span class="meta">\#(company)</span>"# }
            let looks = [pill.colourFront, pill.colourBack.flatMap { $0 == pill.colourFront ? nil : $0 }, pill.shape, pill.form, pill.size.map { $0 + " mm" }]
                .compactMap { $0 }
            html += #"<p class="badges">\#(looks.map { #"<span class="tag">\#($0)</span>"# as HTML }.joined(separator: " "))</p>"#
            let prints = [
                pill.printFront.map { format.t("pills.front", ["print": $0]) }, pill.printBack.map { format.t("pills.back", ["print": $0]) },
                pill.lineFront.map { format.t("pills.line_front", ["line": $0]) },
            ].compactMap { $0 }
            if !prints.isEmpty { html += #"<p>\#(prints.joined(separator: " · "))</p>"# }
            if !item.regimens.isEmpty {
                let links = item.regimens.map { #"<a href="/regimens/\#($0.id)">\#($0.subjectName): \#($0.name)</a>"# as HTML }.joined(separator: ", ")
                html += #"<p>\#(format.t("pills.in_regimens")) \#(links)</p>"#
            }
            html += "</li>"
        }
        let page = PillsPage(
            query: query, results: html.isEmpty ? .empty : #"<ul class="plain pill-list">\#(html)</ul>"#, noList: found.listed == 0,
            nothingFound: !query.isEmpty && found.listed > 0 && found.pills.isEmpty,
            source: found.importedAt.map {
                format.t("pills.source", ["count": found.listed.grouped, "date": format.dayHeading(LocalDate($0, in: context.timeZone))])
            })
        return renderer.page(page, titleKey: "pills.title", request: request, context: context)
    }
}
