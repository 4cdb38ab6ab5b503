import Foundation
import HearthCore
import HearthImaging
import HearthStore
import Hummingbird

/// Making an animated GIF from photos picked in the gallery (checkboxes: no script needed):
/// a form to order them and choose size, speed and looping; a progress page; then download
/// it, or keep it as a diary record's photo.
struct AnimationsController {
    let renderer: Renderer
    let gallery: GalleryRepository
    let entries: EntryRepository
    let subjects: SubjectRepository
    let intake: PhotoIntake
    let jobs: AnimationJobs
    let fileIO = FileIO()
    let now: @Sendable () -> Date

    /// The picked photos, in the order given (a repeat counts once). A photo that is not
    /// there, or that the member may not see, is a 404, as a hidden subject's page is.
    private func picks(_ places: [String], access: SubjectAccess) throws -> [GalleryPhoto] {
        var seen = Set<String>()
        return try places.compactMap { text in
            guard seen.insert(text).inserted else { return nil }
            guard let place = GalleryPlace(text), let found = try gallery.photo(place, filter: GalleryFilter(), access: access) else {
                throw PageError.notFound
            }
            return found.photo
        }
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let picked = try picks(query.getAll("photo"), access: context.access)
        var errors = FieldErrors()
        Self.checkCount(picked.count, &errors)
        return try form(
            picked, input: ["side": "480", "seconds": "0.8", "loop": "on", "subject": query.get("subject") ?? ""], errors: errors,
            request: request, context: context, status: errors.isEmpty ? .ok : .unprocessableContent)
    }

    static func checkCount(_ count: Int, _ errors: inout FieldErrors) {
        if !AnimationSettings.frames.contains(count) { errors.add("photos", "animation.error.count") }
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let listed = input["photos", default: ""].split(separator: ",").map(String.init)
        let ordered = Self.ordered(listed, input)
        let picked = try picks(ordered, access: context.access)
        var errors = FieldErrors()
        Self.checkCount(picked.count, &errors)
        let side = Int(input["side", default: ""]).flatMap { AnimationSettings.sides.contains($0) ? $0 : nil }
        if side == nil { errors.add("side", "animation.error.side") }
        let seconds = FormInput.decimal(input["seconds", default: ""])
        if seconds.map({ !AnimationSettings.secondsPerFrame.contains($0) }) ?? true { errors.add("seconds", "animation.error.seconds") }
        guard errors.isEmpty, let side, let seconds else {
            return try form(picked, input: input, errors: errors, request: request, context: context, status: .unprocessableContent)
        }
        let frames = picked.compactMap { photo in intake.files.original(photo.sha256).map { AnimationFrame(path: $0.path, format: $0.format) } }
        guard
            let id = jobs.start(
                frames, settings: AnimationSettings(side: side, secondsPerFrame: seconds, loops: input["loop"] == "on"),
                accountID: member.accountID, subjectID: Int64(input["subject", default: ""]) ?? picked.first?.subjectID,
                temporaryFolder: intake.files.temporary)
        else { throw PageError(status: .tooManyRequests, messageKey: "animation.error.busy") }
        return .redirect(to: GalleryRoutes.animation(id), type: .normal)
    }

    private func form(
        _ picked: [GalleryPhoto], input: [String: String], errors: FieldErrors, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let page = AnimationFormPage(
            photos: picked.enumerated().map { index, photo in
                AnimationFormPage.Pick(
                    place: photo.place.description, thumbnail: PhotoURL.thumbnail(photo.sha256),
                    alt: format.t("gallery.photo_alt", ["name": photo.subjectName, "day": format.dayHeading(photo.localDate)]),
                    order: input["order_\(photo.place)"] ?? String(index + 1))
            },
            list: picked.map(\.place.description).joined(separator: ","),
            sides: AnimationSettings.sides.map {
                OptionView(value: String($0), label: format.t("animation.side_option", ["pixels": String($0)]), selected: input["side"] == String($0))
            },
            fields: FormFields(["photos", "side", "seconds", "loop"], input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(errors: errors), loop: input["loop"] == "on", subject: input["subject"] ?? "",
            canMake: AnimationSettings.frames.contains(picked.count))
        return renderer.page(page, titleKey: "animation.title", request: request, context: context, status: status)
    }

    private func job(_ context: AppRequestContext) throws -> (Int, AnimationJobs.Job) {
        let member = try context.requireMember()
        guard let id = Int(try context.parameters.require("job")), let job = jobs.job(id, accountID: member.accountID) else { throw PageError.notFound }
        return (id, job)
    }

    @Sendable func progress(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (id, job) = try job(context)
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        var page = AnimationPage(status: "", making: false, file: nil, figures: nil, subjects: [], saveAction: GalleryRoutes.saveAnimation(id), failed: false)
        switch job.state {
        case .making(let done, let total):
            page.status = format.t("animation.making", ["done": String(done), "total": String(total)])
            page.making = true
        case .done(let result, let seconds):
            page.status = format.t("animation.done")
            page.file = GalleryRoutes.animationFile(id)
            page.figures = format.t(
                "animation.figures", ["frames": String(result.frames), "size": Formatting.bytes(result.bytes), "seconds": String(format: "%.1f", seconds)])
            page.subjects = try await subjects.subjects(access: context.access).map {
                OptionView(value: String($0.id), label: $0.name, selected: $0.id == job.subjectID)
            }
        case .failed:
            page.status = format.t("animation.failed")
            page.failed = true
        }
        return renderer.page(page, titleKey: "animation.title", request: request, context: context, status: page.failed ? .unprocessableContent : .ok)
    }

    @Sendable func file(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (_, job) = try job(context)
        guard case .done = job.state else { throw PageError.notFound }
        let body = try await fileIO.loadFile(path: job.path, context: context)
        let name = request.uri.queryParameters.get("download") != nil ? "attachment; filename=\"hearth-animation.gif\"" : "inline"
        return Response(status: .ok, headers: [.contentType: "image/gif", .cacheControl: "no-store", .contentDisposition: name], body: body)
    }

    /// The picked photos in the order typed. A number typed over a photo's own place puts it
    /// there, ahead of the photo that had that place (a 1 typed for the fifth makes it the
    /// first); other ties keep the gallery's order.
    static func ordered(_ listed: [String], _ input: [String: String]) -> [String] {
        listed.enumerated().map { offset, place in
            let own = Double(offset + 1)
            let typed = FormInput.decimal(input["order_\(place)", default: ""]) ?? own
            return (place: place, order: typed, moved: typed != own, offset: offset)
        }.sorted { a, b in
            if a.order != b.order { return a.order < b.order }
            if a.moved != b.moved { return a.moved }
            return a.offset < b.offset
        }.map(\.place)
    }

    /// Keeps the GIF as the photo of a new diary record of the chosen subject, through the
    /// same checks as any upload.
    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let (_, job) = try job(context)
        guard case .done = job.state else { throw PageError.notFound }
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        guard let subjectID = Int64(input["subject", default: ""]), context.access.allows(subjectID),
            try subjects.subject(id: subjectID, access: context.access) != nil
        else { throw PageError.notFound }
        var errors = FieldErrors()
        let title = FormInput.text(input, "title", errors: &errors)
        if let refusal = PageError(errors) { throw refusal }
        let copy = (intake.files.temporary as NSString).appendingPathComponent("upload-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: job.path, toPath: copy)
        let limits = intake.limits
        let processed = try await intake.workers.run {
            Result { () throws(PhotoProblem) in try PhotoProcessor.process(Array(FileManager.default.contents(atPath: copy) ?? Data()), limits: limits) }
        }
        guard case .success(let photo) = processed else {
            try? FileManager.default.removeItem(atPath: copy)
            throw PageError(status: .unprocessableContent, messageKey: "animation.failed")
        }
        try intake.files.store(photo, uploadedAt: copy)
        try? FileManager.default.removeItem(atPath: copy)
        let at = now()
        let entry = try await entries.create(
            subjectID: subjectID,
            RecordInput(occurredAt: at, localDate: LocalDate(at, in: context.timeZone), note: nil, details: .diary(title: title, text: nil)),
            photos: [PhotoRecord(photo)], createdBy: member.accountID)
        return .redirect(to: GalleryRoutes.photo(GalleryPlace(entryID: entry, position: 0)), type: .normal)
    }
}
