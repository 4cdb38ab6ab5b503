import Foundation
import HearthCore
import HearthHTML
import HearthImaging
import HearthStore
import Hummingbird

/// `/gallery`: the household's photos (or one subject's), newest first by month, in keyset
/// pages; a favourites filter; for one subject, the photo view or the symptom view of its
/// diary. `/gallery/{entry}-{position}`: one photo with its neighbours under the same filter.
struct GalleryController {
    let renderer: Renderer
    let gallery: GalleryRepository
    let subjects: SubjectRepository
    let files: PhotoFiles
    static let pageSize = 60

    /// The filter a gallery URL names; a subject the member may not see is a 404.
    private func filter(_ request: Request, context: AppRequestContext) throws -> (GalleryFilter, SubjectSummary?) {
        let query = request.uri.queryParameters
        var filter = GalleryFilter(favouritesOnly: query.get("favourites") == "1")
        if query.get("onthisday") == "1" { filter.onThisDay = context.today }
        var subject: SubjectSummary?
        if let text = query.get("subject") {
            guard let id = Int64(text), let found = try subjects.subject(id: id, access: context.access) else { throw PageError.notFound }
            filter.subjectID = id
            subject = found
        }
        return (filter, subject)
    }

    static func parameters(_ filter: GalleryFilter) -> [String: String] {
        var parameters: [String: String] = [:]
        if let subject = filter.subjectID { parameters["subject"] = String(subject) }
        if filter.favouritesOnly { parameters["favourites"] = "1" }
        if filter.onThisDay != nil { parameters["onthisday"] = "1" }
        return parameters
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (filter, subject) = try filter(request, context: context)
        let query = request.uri.queryParameters
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let symptoms = subject != nil && query.get("view") == "symptoms"
        var body = HTML.empty
        var older: String?
        var empty = false
        if let subject, symptoms {
            let before = query.get("before").flatMap { TimelineCursor($0) }
            let found = try gallery.symptoms(subjectID: subject.id, access: context.access, before: before, limit: Self.pageSize / 2 + 1)
            let page = Array(found.prefix(Self.pageSize / 2))
            var days: [(date: LocalDate, heading: String, entries: [EntryView])] = []
            for entry in page {
                let view = EntryView(entry, format: format, unit: subject.petWeightUnit ?? .kg)
                if days.last?.date == entry.localDate {
                    days[days.count - 1].entries.append(view)
                } else {
                    days.append((entry.localDate, format.dayHeading(entry.localDate), [view]))
                }
            }
            body = EntryListHTML.days(days, actions: nil, photoLabel: format.t("photo.open"))
            empty = page.isEmpty
            if found.count > page.count, let last = page.last {
                older = QueryLink.make(
                    GalleryRoutes.list.pattern,
                    Self.parameters(filter).merging(["view": "symptoms", "before": TimelineCursor(occurredAt: last.occurredAt, id: last.id).description]) { $1 }
                )
            }
        } else {
            let after = query.get("after").flatMap { GalleryCursor($0) }
            let found = try gallery.page(filter, access: context.access, after: after, limit: Self.pageSize + 1)
            let page = Array(found.prefix(Self.pageSize))
            body = GalleryHTML.months(page, filter: filter, format: format, showSubject: subject == nil)
            empty = page.isEmpty
            if found.count > page.count, let last = page.last {
                older = QueryLink.make(GalleryRoutes.list.pattern, Self.parameters(filter).merging(["after": last.cursor.description]) { $1 })
            }
        }
        let everyone = try await subjects.subjects(access: context.access)
        func link(_ changes: [String: String?]) -> String {
            var parameters = Self.parameters(filter)
            if symptoms { parameters["view"] = "symptoms" }
            for (key, value) in changes { parameters[key] = value }
            return QueryLink.make(GalleryRoutes.list.pattern, parameters)
        }
        let page = GalleryPage(
            heading: subject.map { format.t("gallery.subject_title", ["name": $0.name]) } ?? format.t("gallery.title"),
            subjects: [LinkView(label: format.t("gallery.everyone"), href: link(["subject": nil, "view": nil]), current: subject == nil)]
                + everyone.map { LinkView(label: $0.name, href: link(["subject": String($0.id)]), current: $0.id == subject?.id) },
            favourites: [
                LinkView(
                    label: format.t("gallery.all_photos"), href: link(["favourites": nil, "onthisday": nil]),
                    current: !filter.favouritesOnly && filter.onThisDay == nil),
                LinkView(
                    label: format.t("gallery.favourites"), href: link(["favourites": "1", "onthisday": nil, "view": nil]), current: filter.favouritesOnly),
                LinkView(
                    label: format.t("gallery.on_this_day"), href: link(["onthisday": "1", "favourites": nil, "view": nil]),
                    current: filter.onThisDay != nil),
            ],
            views: subject == nil
                ? []
                : [
                    LinkView(label: format.t("gallery.photo_view"), href: link(["view": nil]), current: !symptoms),
                    LinkView(label: format.t("gallery.symptom_view"), href: link(["view": "symptoms", "favourites": nil]), current: symptoms),
                ],
            body: body,
            empty: empty
                ? format.t(
                    symptoms
                        ? "gallery.no_symptoms"
                        : filter.favouritesOnly ? "gallery.no_favourites" : filter.onThisDay != nil ? "gallery.no_on_this_day" : "gallery.empty") : nil,
            newest: (query.get("after") ?? query.get("before")) != nil ? link(["after": nil, "before": nil]) : nil,
            older: older,
            makeAnimation: context.role?.canRecord == true && !symptoms && !empty
                ? GalleryRoutes.newAnimation.pattern + (filter.subjectID.map { "?subject=\($0)" } ?? "") : nil)
        return renderer.page(page, titleKey: "gallery.title", titleText: page.heading, request: request, context: context)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let place = GalleryPlace(try context.parameters.require("place")) else { throw PageError.notFound }
        let (filter, _) = try filter(request, context: context)
        guard let found = try gallery.photo(place, filter: filter, access: context.access) else { throw PageError.notFound }
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let photo = found.photo
        let parameters = Self.parameters(filter)
        func href(_ neighbour: GalleryPhoto?) -> String? { neighbour.map { QueryLink.make(GalleryRoutes.photo($0.place), parameters) } }
        let record =
            photo.subjectKind == .pet
            ? QueryLink.make(PetRoutes.timeline(photo.subjectID), ["from": photo.localDate.description, "to": photo.localDate.description])
            : CalendarRoutes.day(photo.localDate)
        let original = files.original(photo.sha256)
        let page = GalleryPhotoPage(
            // An animated GIF is shown as it came, so it moves; the JPEG preview is its first frame.
            preview: photo.format == ImageFormat.gif.rawValue ? PhotoURL.file(photo.sha256, "gif") : PhotoURL.preview(photo.sha256),
            alt: format.t("gallery.photo_alt", ["name": photo.subjectName, "day": format.dayHeading(photo.localDate)]),
            caption: "\(photo.subjectName) · \(format.t("pets.kind.\(photo.kind)")) · \(format.dayHeading(photo.localDate)) \(format.clock(photo.occurredAt))",
            record: record, newer: href(found.newer), older: href(found.older),
            back: QueryLink.make(GalleryRoutes.list.pattern, parameters),
            original: original.map { PhotoURL.file(photo.sha256, $0.format.fileExtension) },
            originalSize: "\(photo.width) × \(photo.height) · \(Formatting.bytes(photo.byteCount))",
            favourite: photo.favourite, canChange: context.role?.canRecord == true,
            favouriteAction: QueryLink.make(GalleryRoutes.favourite(photo.place), parameters),
            removeAction: QueryLink.make(GalleryRoutes.remove(photo.place), parameters))
        return renderer.page(page, titleKey: "gallery.photo_title", request: request, context: context)
    }

    @Sendable func favourite(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let place = GalleryPlace(try context.parameters.require("place")) else { throw PageError.notFound }
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        guard let found = try gallery.photo(place, filter: GalleryFilter(), access: context.access) else { throw PageError.notFound }
        try await gallery.setFavourite(found.photo.sha256, input["favourite"] == "1")
        return .redirect(to: QueryLink.make(GalleryRoutes.photo(place), Self.parameters(try filter(request, context: context).0)), type: .normal)
    }

    /// Takes the photo out of its record; its files go once nothing else refers to it.
    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let place = GalleryPlace(try context.parameters.require("place")) else { throw PageError.notFound }
        var request = request
        _ = try await FormData.read(&request, context: context)
        let (filter, _) = try filter(request, context: context)
        guard let found = try gallery.photo(place, filter: filter, access: context.access) else { throw PageError.notFound }
        if let gone = try await gallery.remove(place) { files.delete(gone) }
        let next = found.older ?? found.newer
        var parameters = Self.parameters(filter)
        parameters["removed"] = "1"
        return .redirect(to: QueryLink.make(next.map { GalleryRoutes.photo($0.place) } ?? GalleryRoutes.list.pattern, parameters), type: .normal)
    }
}

/// The grid, in Swift rather than a partial: a gallery page is sixty photos, each with its
/// size set so the page never jumps while thumbnails load.
enum GalleryHTML {
    static func months(_ photos: [GalleryPhoto], filter: GalleryFilter, format: Formatting, showSubject: Bool) -> HTML {
        var html = HTML.empty
        var month = ""
        let parameters = GalleryController.parameters(filter)
        for photo in photos {
            let key = String(photo.localDate.description.prefix(7))
            if key != month {
                if !month.isEmpty { html += "</ul></section>" }
                month = key
                html +=
                    #"<section class="gallery-month"><h2><time datetime="\#(key)">\#(format.monthHeading(YearMonth(photo.localDate)))</time></h2><ul class="gallery-grid">"#
            }
            let alt = format.t("gallery.photo_alt", ["name": photo.subjectName, "day": format.dayHeading(photo.localDate)])
            let star: HTML = photo.favourite ? #"<span class="star" aria-hidden="true">★</span>"# : .empty
            let who: HTML = showSubject ? #"<span class="who">\#(photo.subjectName)</span>"# : .empty
            html +=
                #"<li><a href="\#(QueryLink.make(GalleryRoutes.photo(photo.place), parameters))"><img src="\#(PhotoURL.thumbnail(photo.sha256))" width="320" height="320" loading="lazy" decoding="async" alt="\#(alt)">\#(star)\#(who)</a>"#
            html +=
                #"<label class="pick"><input type="checkbox" name="photo" value="\#(photo.place.description)" form="animation-pick"> \#(format.t("gallery.pick"))</label></li>"#
        }
        if !month.isEmpty { html += "</ul></section>" }
        return html
    }
}
