import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/search?q=…`: every record and subject the member may see, and whatever else each area
/// finds (`AreaCards.search`), whose words hold every word typed.
struct SearchController {
    let renderer: Renderer
    let words: SearchWords
    let search: SearchRepository
    let subjects: SubjectRepository
    /// For the areas' groups (`AreaCards.search`).
    let database: AppDatabase
    let areas: AreaList
    let now: @Sendable () -> Date

    /// Records a kind shows before "more"; records a page of one kind shows.
    static let perKind = 5
    static let pageSize = 30

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let text = query.get("q").map { String($0.prefix(400)) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let visible = try await subjects.subjects(access: context.access)
        var filter = SearchFilter()
        var errors = FieldErrors()
        if let subject = query.get("subject"), !subject.isEmpty {
            // A subject the member may not see is no filter they can use: refused, not widened.
            guard let id = Int64(subject), visible.contains(where: { $0.id == id }) else { throw HTTPError(.notFound) }
            filter.subjectID = id
        }
        if let kind = query.get("kind"), !kind.isEmpty {
            guard let parsed = EntryKind(rawValue: kind) else { throw HTTPError(.badRequest) }
            filter.kind = parsed
        }
        for (name, keyPath) in [("from", \SearchFilter.from), ("to", \SearchFilter.to)] {
            guard let value = query.get(name), !value.isEmpty else { continue }
            if let day = LocalDate(value) { filter[keyPath: keyPath] = day } else { errors.add(name, "search.error.date") }
        }
        if let from = filter.from, let to = filter.to, to < from { errors.add("to", "search.error.order") }
        // A NUL or a control character no keyboard types: said on the box, not searched for.
        if !FormInput.isTypeable(text) { errors.add("q", "error.text.invalid") }
        let before = query.get("before").flatMap { Int64($0) }
        let terms = errors.isEmpty ? words.terms(text, context.language) : []

        var results = HTML.empty
        var found = false
        if !terms.isEmpty && errors.isEmpty {
            let names = Dictionary(uniqueKeysWithValues: visible.map { ($0.id, $0) })
            let unit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
            let shown = filter.kind != nil ? Self.pageSize : Self.perKind * 12
            let page = try search.records(terms, access: context.access, filter: filter, timeZone: context.timeZone, before: before, limit: shown)
            found = !page.entries.isEmpty
            let link = { (extra: [String: String]) in
                QueryLink.make(SearchRoutes.search.pattern, Self.shown(text, filter).merging(extra) { $1 })
            }
            if filter.kind != nil {
                results += SearchResultsHTML.records(page.entries, heading: nil, subjects: names, format: format, unit: unit)
                if let older = page.older {
                    results += SearchResultsHTML.older(link(["before": String(older)]), label: format.t("search.older"))
                }
            } else {
                // Grouped by kind, the kind with the newest first.
                var order: [EntryKind] = []
                var byKind: [EntryKind: [StoredEntry]] = [:]
                for entry in page.entries {
                    if byKind[entry.kind] == nil { order.append(entry.kind) }
                    byKind[entry.kind, default: []].append(entry)
                }
                for kind in order {
                    let entries = byKind[kind]!
                    results += SearchResultsHTML.records(
                        Array(entries.prefix(Self.perKind)), heading: format.t("pets.kind.\(kind.rawValue)"), subjects: names, format: format, unit: unit,
                        more: entries.count > Self.perKind || page.older != nil ? link(["kind": kind.rawValue]) : nil,
                        moreLabel: format.t("search.more"))
                }
            }
            // Everything else, on the first page of a search not narrowed to records.
            if filter == SearchFilter() && before == nil {
                let other = try others(terms, text: text, visible: visible, context: context, format: format)
                found = found || !other.isEmpty
                results += other
            }
        }
        let page = SearchPage(
            query: text,
            form: SearchResultsHTML.form(
                text, filter: filter, subjects: visible, errors: errors, input: ["from": query.get("from") ?? "", "to": query.get("to") ?? ""], format: format),
            results: results, searched: !terms.isEmpty && errors.isEmpty, found: found)
        return renderer.page(page, titleKey: "search.title", request: request, context: context, status: errors.isEmpty ? .ok : .badRequest)
    }

    /// The search's own words and filters, for links to more of it.
    static func shown(_ text: String, _ filter: SearchFilter) -> [String: String] {
        var shown = ["q": text]
        if let subject = filter.subjectID { shown["subject"] = String(subject) }
        if let kind = filter.kind { shown["kind"] = kind.rawValue }
        if let from = filter.from { shown["from"] = from.description }
        if let to = filter.to { shown["to"] = to.description }
        return shown
    }

    /// The subjects, then each area's groups (`AreaCards.search`), whose words hold every word typed.
    private func others(_ terms: [SearchTerm], text: String, visible: [SubjectSummary], context: AppRequestContext, format: Formatting) throws -> HTML {
        let subjects = SearchGroup(
            rank: 0, heading: format.t("search.group.subjects"),
            items: visible.filter { SearchWords.all(terms, in: $0.name) }.map {
                .init(href: $0.kind.page($0.id), name: $0.name, detail: format.t("search.subject.\($0.kind.rawValue)"))
            })
        let shown = ShownSearch(terms: terms, text: text, database: database, context: context, format: format, today: LocalDate(now(), in: context.timeZone))
        let label = format.t("search.more")
        // The areas' groups come without the empty ones; the subjects' may be empty too.
        return ((subjects.items.isEmpty ? [] : [subjects]) + (try areas.searchGroups(shown))).map { SearchResultsHTML.group($0, moreLabel: label) }.joined()
    }
}
