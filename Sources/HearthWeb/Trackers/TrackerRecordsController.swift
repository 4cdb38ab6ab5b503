import HearthCore
import HearthStore
import Hummingbird

/// A person's record of a tracker (a pet's goes through the pet's record form): the same
/// validation (`RecordInput.validate` against the tracker as it is now) and the same write.
struct TrackerRecordsController {
    let renderer: Renderer
    let trackers: TrackerRepository
    let entries: EntryRepository

    @Sendable func new(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        try context.requireRecorder(for: person.id)
        let tracker = try self.tracker(context.parameters.get("tracker"), person: person, context: context)
        let input = ["date": LocalDate(context.now, in: context.timeZone).description, "time": LocalTime.clock(context.now, in: context.timeZone)]
        return try form(tracker, person: person, input: input, errors: FieldErrors(), request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        try context.requireRecorder(for: person.id)
        let tracker = try self.tracker(context.parameters.get("tracker"), person: person, context: context)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let validated = RecordInput.validate(.tracker, input, species: nil, timeZone: context.timeZone, tracker: (tracker.id, tracker.input), now: context.now)
        guard case .valid(let record) = validated else {
            // Drawn before the tracker changed: 409, the form again with today's fields.
            let status: HTTPResponse.Status = validated.errors["tracker_version"] != nil ? .conflict : .unprocessableContent
            return try form(tracker, person: person, input: input, errors: validated.errors, request: request, context: context, status: status)
        }
        do {
            _ = try await entries.create(subjectID: person.id, record, photos: [], createdBy: context.member?.account.id)
        } catch StoreError.trackerChanged {
            var errors = FieldErrors()
            errors.add("tracker_version", "trackers.error.changed")
            let now = try self.tracker(context.parameters.get("tracker"), person: person, context: context)
            return try form(now, person: person, input: input, errors: errors, request: request, context: context, status: .conflict)
        } catch let error as StoreError where error == .trackerNotFound || error == .subjectNotFound {
            throw PageError(error)
        }
        return .redirect(to: PersonRoutes.one(person.id) + "?saved=tracker", type: .normal)
    }

    /// The tracker named in the path, if it is one this person keeps.
    private func tracker(_ raw: String?, person: Person, context: AppRequestContext) throws -> Tracker {
        guard let id = raw.flatMap({ Int64($0) }), let tracker = try trackers.tracker(id: id, keptBy: person.id, species: nil, access: context.access)
        else { throw PageError(StoreError.trackerNotFound) }
        return tracker
    }

    private func form(
        _ tracker: Tracker, person: Person, input: [String: String], errors: FieldErrors, request: Request, context: AppRequestContext,
        status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let heading = format.t("pets.record.new_title", ["kind": tracker.input.name, "pet": person.profile.name])
        let page = TrackerRecordPage(
            heading: heading, action: TrackerRoutes.personRecord(person.id, tracker.id), cancel: PersonRoutes.one(person.id),
            fields: FormFields(RecordKind.commonFields, input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(errors: errors), trackerFields: TrackerRecordHTML.fields(tracker.input, input: input, errors: errors, format: format))
        return renderer.page(page, titleKey: "trackers.title", titleText: heading, request: request, context: context, status: status)
    }
}
