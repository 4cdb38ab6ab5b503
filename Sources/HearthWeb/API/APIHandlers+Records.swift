import Foundation
import HearthAPI
import HearthCore
import HearthStore
import OpenAPIRuntime

/// A subject's records: listed a keyset page at a time, read, made, changed, deleted. What is
/// sent goes through the record form's own validation (`RecordInput.validate`), so the API
/// refuses and accepts exactly what the form does, and says so on the same fields.
extension APIHandlers {
    func listRecords(_ input: Operations.ListRecords.Input) async throws -> Operations.ListRecords.Output {
        let context = try APICall.current()
        let subject = try subject(input.path.subject, context)
        let query = input.query
        var before: TimelineCursor?
        if let after = query.after {
            guard let cursor = TimelineCursor(after) else { throw PageError(status: .badRequest, messageKey: "api.error.cursor") }
            before = cursor
        }
        let from = try query.from.map(Self.day), to = try query.to.map(Self.day)
        let limit = try Self.bounded(query.limit ?? 50, 1...100, "limit")
        let entries = try await EntryRepository(database).timeline(
            subjectID: subject.id, kinds: query.kind.flatMap { EntryKind(rawValue: $0.rawValue) }.map { [$0] } ?? [], from: from, to: to, before: before,
            limit: limit + 1)
        let page = entries.prefix(limit)
        let next = entries.count > limit ? page.last.map { TimelineCursor(occurredAt: $0.occurredAt, id: $0.id).description } : nil
        return .ok(.init(body: .json(.init(records: page.map { record($0, context) }, next: next))))
    }

    func getRecord(_ input: Operations.GetRecord.Input) async throws -> Operations.GetRecord.Output {
        let context = try APICall.current()
        return .ok(.init(body: .json(record(try await entry(input.path.record, context), context))))
    }

    func createRecord(_ input: Operations.CreateRecord.Input) async throws -> Operations.CreateRecord.Output {
        let context = try APICall.current()
        guard case .json(let body) = input.body else { throw PageError(status: .unsupportedMediaType, messageKey: "api.error.request") }
        let subject = try subject(input.path.subject, context)
        guard let kind = EntryKind(rawValue: body.kind.rawValue) else { throw PageError(status: .unprocessableContent, messageKey: "error.choice.unknown") }
        var fields = body.fields?.additionalProperties ?? [:]
        fields["note"] = body.note ?? fields["note"]
        Self.when(body.at ?? context.now, into: &fields, context)
        let record = try await validated(kind, fields, confirm: body.confirm == true, subject: subject, editing: nil, context)
        let entries = EntryRepository(database)
        let id = try await entries.create(subjectID: subject.id, record, photos: [], createdBy: context.member?.account.id)
        guard let saved = try await entries.entry(id: id) else { throw PageError(StoreError.recordNotFound) }
        return .created(.init(headers: .init(location: "/api/v1/records/\(id)"), body: .json(self.record(saved, context))))
    }

    func updateRecord(_ input: Operations.UpdateRecord.Input) async throws -> Operations.UpdateRecord.Output {
        let context = try APICall.current()
        guard case .json(let body) = input.body else { throw PageError(status: .unsupportedMediaType, messageKey: "api.error.request") }
        let entry = try await entry(input.path.record, context)
        let subject = try subject(entry.subjectID, context)
        // What is not sent stays as it was: the edit form's fields, then what was sent over them.
        var fields = RecordsController.input(from: entry, timeZone: context.timeZone)
        fields.merge(body.fields?.additionalProperties ?? [:]) { _, sent in sent }
        if let note = body.note { fields["note"] = note }
        if let at = body.at { Self.when(at, into: &fields, context) }
        let record = try await validated(entry.kind, fields, confirm: body.confirm == true, subject: subject, editing: entry.id, context)
        let entries = EntryRepository(database)
        _ = try await entries.update(id: entry.id, record, keeping: entry.photos, adding: [])
        guard let saved = try await entries.entry(id: entry.id) else { throw PageError(StoreError.recordNotFound) }
        return .ok(.init(body: .json(self.record(saved, context))))
    }

    func deleteRecord(_ input: Operations.DeleteRecord.Input) async throws -> Operations.DeleteRecord.Output {
        let context = try APICall.current()
        let entry = try await entry(input.path.record, context)
        try await writable(subject(entry.subjectID, context))
        try await EntryRepository(database).delete(id: entry.id)
        return .noContent(.init())
    }

    // MARK: - Shared by the record operations

    /// A live record of a subject the member may see, or 404.
    func entry(_ id: Int64, _ context: AppRequestContext) async throws -> StoredEntry {
        guard let entry = try await EntryRepository(database).entry(id: id), entry.deletedAt == nil, context.access.allows(entry.subjectID) else {
            throw PageError(StoreError.recordNotFound)
        }
        return entry
    }

    /// An archived pet is read-only, as on its pages. The pet, for a pet (nil for a person).
    @discardableResult
    func writable(_ subject: SubjectSummary) async throws -> Pet? {
        guard subject.kind == .pet else { return nil }
        guard let pet = try await PetRepository(database).pet(id: subject.id, access: .everyone) else { throw PageError(StoreError.petNotFound) }
        if pet.isArchived { throw PageError(status: .conflict, messageKey: "pets.error.archived") }
        return pet
    }

    /// What the record form makes of `fields` for `pet`, or for a person (nil): their
    /// weighings are in the household's unit.
    func formRecord(
        _ kind: EntryKind, _ fields: [String: String], subjectID: Int64, pet: Pet?, now: Date, _ context: AppRequestContext
    ) throws -> Validated<RecordInput> {
        // The description bounds every field's text, named by the form or not: one past it is
        // refused on its field rather than passed over.
        var tooLong = FieldErrors()
        for (name, value) in fields where value.count > Self.fieldLimit {
            tooLong.add(name, "error.text.too_long", ["limit": Self.fieldLimit.grouped, "length": value.count.grouped])
        }
        if let refusal = PageError(tooLong) { throw refusal }
        var fields = fields
        if pet == nil { fields["unit"] = BodyWeightUnit(context.household?.weightUnit ?? .kg).rawValue }
        let species = pet?.profile.species ?? .other
        // A tracker's record is read against the tracker as it is now, as on its form: one
        // deleted, hidden or not for this subject leaves `tracker` refused.
        var tracker: (id: Int64, input: TrackerInput)?
        if kind == .tracker, let id = fields["tracker"].flatMap({ Int64($0) }),
            let found = try TrackerRepository(database).tracker(id: id, keptBy: subjectID, species: pet?.profile.species, access: context.access)
        {
            tracker = (found.id, found.input)
        }
        return RecordInput.validate(
            kind, fields, species: species, timeZone: context.timeZone, vaccines: pet == nil ? [] : try CareRepository(database).schedules(species),
            currency: context.household?.currency, tracker: tracker, now: now)
    }

    /// `maxLength` of a record's `fields` in `openapi.yaml`.
    static let fieldLimit = 4000

    /// The record `fields` make for `subject`, as the record form would save it (a person
    /// keeps only weighings); a weighing far from the last one is refused until it is confirmed.
    private func validated(
        _ kind: EntryKind, _ fields: [String: String], confirm: Bool, subject: SubjectSummary, editing: Int64?, _ context: AppRequestContext
    ) async throws -> RecordInput {
        let pet = try await writable(subject)
        if pet == nil && kind != .weight && kind != .tracker { throw PageError(status: .unprocessableContent, messageKey: "api.error.person_kind") }
        var fields = fields
        let validated = try formRecord(kind, fields, subjectID: subject.id, pet: pet, now: context.now, context)
        // Drawn for a tracker whose fields changed since (`tracker_version`): 409, as the write's own check.
        if validated.errors["tracker_version"] != nil { throw PageError(StoreError.trackerChanged) }
        guard case .valid(let record) = validated else { throw PageError(refusing: validated.errors) }
        if case .weight(let value, let unit) = record.details {
            var errors = FieldErrors()
            if confirm { fields[WeighingCheck.confirmedField] = fields["weight", default: ""].trimmingCharacters(in: .whitespaces) }
            let format = format(context)
            WeighingCheck.ask(
                grams: value * unit.gramsPerUnit, lastGrams: try EntryRepository(database).latestWeightGrams(subjectID: subject.id, excluding: editing),
                input: &fields, errors: &errors
            ) { format.weight(grams: $0, unit: unit) }
            if let question = PageError(errors) { throw question }
        }
        return record
    }

    /// `at` as the form's date and time fields, in the household's zone.
    private static func when(_ at: Date, into fields: inout [String: String], _ context: AppRequestContext) {
        fields["date"] = LocalDate(at, in: context.timeZone).description
        fields["time"] = LocalTime.clock(at, in: context.timeZone)
    }

    /// A query's number within the description's bounds (the generated code does not check them).
    static func bounded(_ value: Int, _ range: ClosedRange<Int>, _ name: String) throws -> Int {
        guard range.contains(value) else {
            throw PageError(
                status: .badRequest, messageKey: "api.error.range", values: ["name": name, "low": "\(range.lowerBound)", "high": "\(range.upperBound)"])
        }
        return value
    }

    static func day(_ text: String) throws -> LocalDate {
        guard let day = LocalDate(text) else { throw PageError(status: .badRequest, messageKey: "error.date.invalid") }
        return day
    }

    func record(_ entry: StoredEntry, _ context: AppRequestContext) -> Components.Schemas.Record {
        var fields = RecordsController.input(from: entry, timeZone: context.timeZone)
        // What the edit form holds, less when and the note (their own members) and fields left empty.
        for name in ["date", "time", "note"] { fields[name] = nil }
        fields = fields.filter { !$0.value.isEmpty }
        return .init(
            id: entry.id, subject: entry.subjectID, kind: .init(rawValue: entry.kind.rawValue) ?? .diary, at: entry.occurredAt,
            date: entry.localDate.description, note: entry.note, fields: .init(additionalProperties: fields), photos: entry.photos.map(PhotoURL.preview))
    }
}
