import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/people/{id}/timeline`: a person's weighings, water and steps, doses, routines and
/// appointments, newest first, by the household's day, a page at a time (`SubjectTimeline`).
struct PersonTimelineController {
    let renderer: Renderer
    let database: AppDatabase
    static let pageSize = 30

    @Sendable func show(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        let query = request.uri.queryParameters
        let from = query.get("from").flatMap { LocalDate($0) }
        let to = query.get("to").flatMap { LocalDate($0) }
        let before = query.get("before").flatMap { MergedCursor($0) }
        let (items, olderCursor) = try SubjectTimeline.read(
            database, subjectID: person.id, isPerson: true, access: context.access, filter: TimelineFilter(from: from, to: to), before: before,
            limit: Self.pageSize,
            timeZone: context.timeZone, now: context.now)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        // Who may log for them (a recorder, or the person themselves) may delete their records; the bin puts them back.
        var actions = EntryListHTML.Actions(context, format: format, mayChange: context.mayRecord(for: person.id))
        actions?.editLink = { _ in nil }
        actions?.deleteLink = { PersonRoutes.deleteRecord(person.id, $0) }
        var shown: [String: String] = [:]
        if let from { shown["from"] = from.description }
        if let to { shown["to"] = to.description }
        func link(_ extra: [String: String]) -> String { QueryLink.make(PersonRoutes.timeline(person.id), shown.merging(extra) { $1 }) }
        var page = PersonTimelinePage(
            personID: person.id, personName: person.profile.name, photo: person.photoSHA.map(PhotoURL.thumbnail),
            days: SubjectTimelineHTML.days(
                items, format: format, unit: BodyWeightUnit(context.household?.weightUnit ?? .kg), now: context.now, actions: actions,
                photoLabel: format.t("photo.open")),
            empty: items.isEmpty, from: from?.description ?? "", to: to?.description ?? "", isFirstPage: before == nil, newest: link([:]),
            older: olderCursor.map { link(["before": $0.description]) })
        page.recordForm = actions?.form ?? .empty
        page.notice = query.get("deleted") != nil ? format.t("people.timeline.deleted") : nil
        let title = format.t("people.timeline.title", ["name": person.profile.name])
        return renderer.page(page, titleKey: "people.timeline.title", titleText: title, request: request, context: context)
    }

    /// `POST /people/{id}/records/{record}/delete`: one of their records to the bin, as a pet's
    /// delete does (the history keeps who; `/bin` puts it back). A record not theirs, or gone, is 404.
    @Sendable func delete(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        let id = try context.parameters.require("record", as: Int64.self)
        let entries = EntryRepository(database)
        guard let entry = try await entries.entry(id: id), entry.subjectID == person.id, entry.deletedAt == nil else { throw PageError.notFound }
        try await entries.delete(id: entry.id, alsoIDs: [])
        return .redirect(to: PersonRoutes.timeline(person.id) + "?deleted=\(entry.id)", type: .normal)
    }
}
