import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/pets/{id}/timeline`: every record of one pet, newest first, grouped by the
/// household's local day, a page at a time by keyset (as fast at page 3000 as at page 1).
struct TimelineController {
    let renderer: Renderer
    let pages: PetPages
    let entries: EntryRepository
    static let pageSize = 30

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let kind = query.get("kind").flatMap(EntryKind.init(rawValue:))
        // A date that does not exist is ignored rather than refused: this is a filter, not a form.
        let from = query.get("from").flatMap { LocalDate($0) }
        let to = query.get("to").flatMap { LocalDate($0) }
        let before = query.get("before").flatMap { TimelineCursor($0) }

        // One more than a page tells whether an older page exists.
        let filter = TimelineFilter(kinds: kind.map { [$0] } ?? [], from: from, to: to, before: before)
        guard
            let (pet, found) = try await pages.timeline(
                petID: context.parameters.require("id", as: Int64.self), access: context.access, filter, limit: Self.pageSize + 1)
        else { throw PageError.notFound }
        let page = Array(found.prefix(Self.pageSize))
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let actions = EntryListHTML.Actions(context, format: format, mayChange: !pet.isArchived)
        var days: [(date: LocalDate, heading: String, entries: [EntryView])] = []
        for entry in page {
            let view = EntryView(entry, format: format, unit: pet.profile.weightUnit)
            if days.last?.date == entry.localDate {
                days[days.count - 1].entries.append(view)
            } else {
                days.append((entry.localDate, format.dayHeading(entry.localDate), [view]))
            }
        }
        var shown: [String: String] = [:]
        if let kind { shown["kind"] = kind.rawValue }
        if let from { shown["from"] = from.description }
        if let to { shown["to"] = to.description }
        func link(_ extra: [String: String]) -> String {
            QueryLink.make("/pets/\(pet.id)/timeline", shown.merging(extra) { $1 })
        }
        var older: String?
        if found.count > Self.pageSize, let last = page.last {
            older = link(["before": TimelineCursor(occurredAt: last.occurredAt, id: last.id).description])
        }
        // Undo is offered to those who may record, the same members who get the edit and delete controls.
        var undo: TimelinePage.Undo?
        if let deleted = query.get("deleted").flatMap({ Int64($0) }), actions != nil,
            let entry = try await entries.entry(id: deleted), entry.deletedAt != nil, entry.subjectID == pet.id
        {
            undo = TimelinePage.Undo(id: deleted, title: format.summary(entry, unit: pet.profile.weightUnit).title)
        }
        let notice: String? =
            query.get("saved") != nil ? format.t("pets.record.saved") : query.get("restored") != nil ? format.t("pets.timeline.restored") : nil
        let timeline = TimelinePage(
            petID: pet.id, petName: pet.profile.name, petPhoto: pet.photoSHA.map(PhotoURL.thumbnail),
            days: EntryListHTML.days(days, actions: actions, photoLabel: format.t("photo.open")), empty: days.isEmpty,
            recordForm: days.isEmpty ? .empty : actions?.form ?? .empty,
            kinds: OptionView.html(
                [OptionView(value: "", label: format.t("pets.timeline.all_kinds"), selected: kind == nil)]
                    + EntryKind.allCases.map { OptionView(value: $0.rawValue, label: format.t("pets.kind.\($0.rawValue)"), selected: kind == $0) }),
            from: from?.description ?? "", to: to?.description ?? "", isFirstPage: before == nil, newest: link([:]),
            older: older, undo: undo, notice: notice)
        let title = renderer.strings.text("pets.timeline.title", context.language, ["pet": pet.profile.name])
        return renderer.page(timeline, titleKey: "pets.timeline.title", titleText: title, request: request, context: context)
    }
}
