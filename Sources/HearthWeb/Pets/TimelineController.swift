import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/pets/{id}/timeline`: every record of one pet with its doses, routines and appointments
/// merged in (`SubjectTimeline`), newest first, grouped by the household's local day, a page
/// at a time by keyset (as fast at page 3000 as at page 1).
struct TimelineController {
    let renderer: Renderer
    let pages: PetPages
    let entries: EntryRepository
    let subjects: SubjectRepository
    static let pageSize = 30

    @Sendable func show(_ request: Request, context: PetContext) async throws -> Response {
        let (id, context) = (context.pet.id, context.app)
        let query = request.uri.queryParameters
        let kind = query.get("kind").flatMap(EntryKind.init(rawValue:))
        // A date that does not exist is ignored rather than refused: this is a filter, not a form.
        let from = query.get("from").flatMap { LocalDate($0) }
        let to = query.get("to").flatMap { LocalDate($0) }
        let before = query.get("before").flatMap { MergedCursor($0) }

        let filter = TimelineFilter(kinds: kind.map { [$0] } ?? [], from: from, to: to)
        guard
            let (pet, items, olderCursor) = try pages.mergedTimeline(
                petID: id, access: context.access, filter, before: before, limit: Self.pageSize,
                timeZone: context.timeZone, now: context.now)
        else { throw PageError.notFound }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let actions = EntryListHTML.Actions(context, format: format, mayChange: !pet.isArchived)
        var shown: [String: String] = [:]
        if let kind { shown["kind"] = kind.rawValue }
        if let from { shown["from"] = from.description }
        if let to { shown["to"] = to.description }
        func link(_ extra: [String: String]) -> String {
            QueryLink.make(PetRoutes.timeline(pet.id), shown.merging(extra) { $1 })
        }
        let older = olderCursor.map { link(["before": $0.description]) }
        // Undo is offered to those who may record, the same members who get the edit and delete controls.
        var undo: TimelinePage.Undo?
        if let deleted = query.get("deleted").flatMap({ Int64($0) }), actions != nil,
            let entry = try await entries.entry(id: deleted), entry.deletedAt != nil, entry.subjectID == pet.id
        {
            undo = TimelinePage.Undo(id: deleted, title: format.summary(entry, unit: pet.profile.weightUnit).title)
            // A record saved for several pets: this pet's copy went; the others' stay, said by name, a tap from going too.
            let others = try entries.together(with: deleted, access: context.access)
            if let first = others.first {
                let names = try others.compactMap { try subjects.subject(id: $0.subjectID, access: context.access)?.name }
                undo?.shared = format.t("pets.timeline.deleted_shared", ["names": names.joined(separator: ", ")])
                undo?.deleteOthers = RecordRoutes.delete(first.id) + "?all=1"
            }
        }
        let notice: String? =
            query.get("saved") != nil ? format.t("pets.record.saved") : query.get("restored") != nil ? format.t("pets.timeline.restored") : nil
        let timeline = TimelinePage(
            petID: pet.id, petName: pet.profile.name, petPhoto: pet.photoSHA.map(PhotoURL.thumbnail),
            days: SubjectTimelineHTML.days(
                items, format: format, unit: pet.profile.weightUnit, now: context.now, actions: actions, photoLabel: format.t("photo.open")),
            empty: items.isEmpty, recordForm: items.isEmpty ? .empty : actions?.form ?? .empty,
            kinds: OptionView.html(
                [OptionView(value: "", label: format.t("pets.timeline.all_kinds"), selected: kind == nil)]
                    + EntryKind.allCases.map { OptionView(value: $0.rawValue, label: format.t("pets.kind.\($0.rawValue)"), selected: kind == $0) }),
            from: from?.description ?? "", to: to?.description ?? "", isFirstPage: before == nil, newest: link([:]),
            older: older, undo: undo, notice: notice)
        let title = renderer.strings.text("pets.timeline.title", context.language, ["pet": pet.profile.name])
        return renderer.page(timeline, titleKey: "pets.timeline.title", titleText: title, request: request, context: context)
    }
}
