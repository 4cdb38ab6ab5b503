import Foundation
import HearthCore
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
        let page = PillsPage(
            query: query, results: PillListHTML.render(found.pills, format: format), noList: found.listed == 0,
            nothingFound: !query.isEmpty && found.listed > 0 && found.pills.isEmpty,
            source: found.importedAt.map {
                format.t("pills.source", ["count": found.listed.grouped, "date": format.dayHeading(LocalDate($0, in: context.timeZone))])
            })
        return renderer.page(page, titleKey: "pills.title", request: request, context: context)
    }
}
