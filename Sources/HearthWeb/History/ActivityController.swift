import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/activity?member=&subject=&kind=&day=&before=`: the owner's view of every change in the
/// household. A filter naming a member or subject that is not there is a 404, as any page's; a
/// kind or day that cannot be one is a 400.
struct ActivityController {
    let renderer: Renderer
    let history: HistoryRepository
    let accounts: AccountRepository
    let subjects: SubjectRepository
    /// For what the lines name (`HistoryNames`).
    let records: EntryRepository
    let foods: FoodRepository

    static let pageSize = 50
    /// The kinds the filter offers, as the history names what changed.
    static let kinds = [
        "entry", "regimen", "routine", "appointment", "subject", "food", "medicine", "clinic", "household", "account", "api_token", "recipe",
        "daily_value", "person_goal", "photo", "import_job",
    ]

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let members = try await accounts.all()
        let everyone = try await subjects.subjects(access: context.access)
        var filter = HistoryRepository.Filter()
        var shown: [String: String] = [:]
        if let text = query.get("member"), !text.isEmpty {
            guard let id = Int64(text), members.contains(where: { $0.id == id }) else { throw HTTPError(.notFound) }
            (filter.accountID, shown["member"]) = (id, text)
        }
        if let text = query.get("subject"), !text.isEmpty {
            guard let id = Int64(text), everyone.contains(where: { $0.id == id }) else { throw HTTPError(.notFound) }
            (filter.subjectID, shown["subject"]) = (id, text)
        }
        if let kind = query.get("kind"), !kind.isEmpty {
            guard Self.kinds.contains(kind) else { throw HTTPError(.badRequest) }
            (filter.record, shown["kind"]) = (kind, kind)
        }
        if let text = query.get("day"), !text.isEmpty {
            guard let day = LocalDate(text) else { throw HTTPError(.badRequest) }
            (filter.day, shown["day"]) = (day, text)
        }
        let before = query.get("before").flatMap { Int64($0) }
        let entries = try history.activity(access: context.access, filter: filter, timeZone: context.timeZone, before: before, limit: Self.pageSize + 1)
        let page = Array(entries.prefix(Self.pageSize))
        let older =
            entries.count > Self.pageSize
            ? page.last.map { QueryLink.make(HistoryRoutes.activity.pattern, shown.merging(["before": String($0.id)]) { $1 }) } : nil

        let filters = ActivityFiltersHTML.render(
            members: members.compactMap { account in account.id.map { (String($0), account.displayName) } },
            subjects: everyone.map { (String($0.id), $0.name) },
            kinds: Self.kinds, shown: shown, format: format)
        let names = try HistoryNames.read(page, subjects: everyone, entries: records, foods: foods, access: context.access)
        let view = ActivityPage(filters: filters, rows: HistoryHTML.rows(page, format: format, what: true, names: names), older: older)
        return renderer.page(view, titleKey: "history.activity_title", request: request, context: context)
    }
}
