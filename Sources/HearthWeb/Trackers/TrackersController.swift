import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// The household's trackers: the list, a ready-made one added in one tap, and a definition
/// made or changed (by a member who records; one for a single subject only by one who sees it).
struct TrackersController {
    let renderer: Renderer
    let trackers: TrackerRepository
    let subjects: SubjectRepository
    let regimens: RegimenRepository

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let names = Dictionary(try await subjects.subjects(access: context.access).map { ($0.id, $0.name) }) { first, _ in first }
        // A member limited to some subjects records with the household's trackers and changes none.
        let canRecord = context.role?.canRecord == true && !context.access.isLimited
        let trackersHTML = TrackerListHTML.trackers(try trackers.trackers(access: context.access), names: names, canEdit: canRecord, format: format)
        let readyMade = canRecord ? TrackerListHTML.readyMade(csrf: context.csrfToken, format: format) : .empty
        let page = TrackerListPage(trackers: trackersHTML, readyMade: readyMade, canRecord: canRecord)
        return renderer.page(page, titleKey: "trackers.title", request: request, context: context)
    }

    /// A ready-made tracker added as it is, in the member's words; then its form, to change it.
    @Sendable func addReadyMade(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        guard let kind = input["ready"].flatMap(ReadyMadeTracker.init(rawValue:)) else {
            throw PageError(status: .unprocessableContent, messageKey: "error.choice.unknown")
        }
        let tracker = kind.tracker { renderer.strings.text("trackers.ready.\($0)", context.language) }
        let id = try await trackers.create(tracker, readyMade: kind.rawValue)
        return .redirect(to: TrackerRoutes.edit(id), type: .normal)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await form(input: ["subjects": "people"], errors: FieldErrors(), tracker: nil, request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let validated = try validated(input, tracker: nil, context: context)
        guard case .valid(let result) = validated else {
            return try await form(input: input, errors: validated.errors, tracker: nil, request: request, context: context, status: .unprocessableContent)
        }
        do {
            _ = try await trackers.create(result.tracker)
        } catch StoreError.full(let most) {
            var errors = FieldErrors()
            errors.add("name", "trackers.error.too_many", ["most": String(most)])
            return try await form(input: input, errors: errors, tracker: nil, request: request, context: context, status: .unprocessableContent)
        }
        return .redirect(to: TrackerRoutes.list.pattern, type: .normal)
    }

    @Sendable func edit(_ request: Request, context: TrackerContext) async throws -> Response {
        try await form(
            input: TrackerFormHTML.input(context.tracker.input), errors: FieldErrors(), tracker: context.tracker, request: request, context: context.app,
            status: .ok)
    }

    @Sendable func update(_ request: Request, context: TrackerContext) async throws -> Response {
        let (tracker, context) = (context.tracker, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let validated = try validated(input, tracker: tracker, context: context)
        guard case .valid(let result) = validated else {
            return try await form(input: input, errors: validated.errors, tracker: tracker, request: request, context: context, status: .unprocessableContent)
        }
        do {
            try await trackers.update(id: tracker.id, result)
        } catch StoreError.trackerNotFound {
            throw PageError(StoreError.trackerNotFound)
        }
        return .redirect(to: TrackerRoutes.list.pattern, type: .normal)
    }

    /// Deleted with its records kept: they stay on the timelines under its name.
    @Sendable func delete(_ request: Request, context: TrackerContext) async throws -> Response {
        try await trackers.delete(id: context.tracker.id)
        return .redirect(to: TrackerRoutes.list.pattern, type: .normal)
    }

    /// The form read, with what only the server knows: which fields have records, and whether a
    /// subject named is one the member sees (one hidden reads as unknown, as it does elsewhere).
    private func validated(_ input: [String: String], tracker: Tracker?, context: AppRequestContext) throws -> Validated<TrackerForm.Result> {
        let withValues = try tracker.map { try trackers.fieldsWithValues(trackerID: $0.id) } ?? []
        let chosen = try tracker.map { try trackers.chosenOptions(trackerID: $0.id) } ?? [:]
        var validated = TrackerForm.validate(input, existing: tracker?.input.fields ?? [], withValues: withValues, chosen: chosen)
        if case .valid(let result) = validated {
            var errors = FieldErrors()
            if case .subject(let id) = result.tracker.subjects, try subjects.subject(id: id, access: context.access) == nil {
                errors.add("subjects", "error.choice.unknown")
            }
            if let regimen = result.tracker.regimenID, try regimens.regimen(id: regimen, access: context.access) == nil {
                errors.add("regimen_id", "error.choice.unknown")
            }
            if !errors.isEmpty { validated = .invalid(errors) }
        }
        return validated
    }

    private func form(
        input: [String: String], errors: FieldErrors, tracker: Tracker?, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let visible = try await subjects.subjects(access: context.access)
        var subjectOptions = [OptionView(value: "people", label: format.t("trackers.for.people"), selected: input["subjects"] == "people")]
        subjectOptions += Species.allCases.map { species in
            OptionView(
                value: "species:\(species.rawValue)", label: format.t("trackers.for.species", ["species": format.t("pets.species.\(species.rawValue)")]),
                selected: input["subjects"] == "species:\(species.rawValue)")
        }
        subjectOptions += visible.map { OptionView(value: "subject:\($0.id)", label: $0.name, selected: input["subjects"] == "subject:\($0.id)") }
        let regimenOptions =
            [OptionView(value: "", label: format.t("trackers.form.no_regimen"), selected: (input["regimen_id"] ?? "").isEmpty)]
            + (try regimens.regimens(access: context.access)).map {
                OptionView(value: String($0.id), label: $0.name, selected: input["regimen_id"] == String($0.id))
            }
        let heading = tracker.map { format.t("trackers.edit_title", ["name": $0.input.name]) } ?? format.t("trackers.new")
        let page = TrackerFormPage(
            heading: heading, action: tracker.map { TrackerRoutes.one($0.id) } ?? TrackerRoutes.list.pattern,
            fields: FormFields(["name", "subjects", "regimen_id"], input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(errors: errors), subjects: subjectOptions, regimens: regimenOptions,
            rows: TrackerFormHTML.rows(input, errors: errors, format: format),
            asksToRemove: errors.messages.values.contains("trackers.error.remove_confirm"), delete: tracker.map { TrackerRoutes.delete($0.id) })
        return renderer.page(page, titleKey: "trackers.title", titleText: heading, request: request, context: context, status: status)
    }
}
