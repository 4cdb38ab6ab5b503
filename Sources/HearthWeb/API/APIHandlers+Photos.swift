import Foundation
import HearthAPI
import HearthCore
import HearthStore
import OpenAPIRuntime

/// Photos added to a record: each part written to the data folder's temporary files as it
/// arrives, then checked and kept by `PhotoIntake`, as the record form's photos are — all
/// of them or, when one is refused, none.
extension APIHandlers {
    func addPhotos(_ input: Operations.AddPhotos.Input) async throws -> Operations.AddPhotos.Output {
        let context = try APICall.current()
        let entry = try await entry(input.path.record, context)
        let subject = try subject(entry.subjectID, context)
        let pet = try await writable(subject)
        guard case .multipartForm(let parts) = input.body else { throw PageError(status: .unsupportedMediaType, messageKey: "api.error.request") }
        let intake = services.intake
        var form = UploadedForm(fields: [:], files: [])
        defer { form.discard() }
        do {
            for try await part in parts {
                guard case .photo(let photo) = part else {
                    // Parts the description does not name are read past and ignored.
                    if case .undocumented(let other) = part { for try await _ in other.body {} }
                    continue
                }
                // More parts than the description's maxItems: the request is refused on its field (422).
                guard form.files.count < intake.maximumFiles else {
                    var errors = FieldErrors()
                    errors.add("photo", "api.error.too_many_photos", ["most": String(intake.maximumFiles)])
                    throw PageError(refusing: errors)
                }
                form.files.append(try await Self.keep(photo.payload.body, named: photo.filename, in: intake))
            }
        } catch let error where !(error is PageError) && !(error is POSIXError) && !StorageFull.isCause(error) {
            // The runtime's refusal of a malformed multipart body.
            throw PageError(status: .badRequest, messageKey: "api.error.request", values: ["reason": "\(error)"])
        }
        guard !form.files.isEmpty else { throw PageError(status: .unprocessableContent, messageKey: "api.error.no_photo") }
        let checked = await intake.check(
            form, field: "photos", maximum: max(0, entry.kind.maximumPhotos - entry.photos.count), strings: strings, language: context.language)
        guard checked.problems.isEmpty else {
            var errors = FieldErrors()
            for (index, problem) in checked.problems.enumerated() { errors.add("photo[\(index)]", "api.error.photo", ["problem": problem]) }
            throw PageError(refusing: errors)
        }
        try intake.store(checked)
        let entries = EntryRepository(database)
        // The record as it is, as its edit form would send it back unchanged, with the photos added.
        let unchanged = try formRecord(
            entry.kind, RecordsController.input(from: entry, timeZone: context.timeZone), subjectID: entry.subjectID, pet: pet, now: entry.occurredAt, context)
        guard case .valid(let record) = unchanged else { throw PageError(StoreError.recordNotFound) }
        do {
            _ = try await entries.update(id: entry.id, record, keeping: entry.photos, adding: checked.records)
        } catch {
            await intake.cleanUp(checked.records.map(\.sha256))
            throw error
        }
        guard let saved = try await entries.entry(id: entry.id) else { throw PageError(StoreError.recordNotFound) }
        return .ok(.init(body: .json(self.record(saved, context))))
    }

    /// One part's bytes in a new temporary file, up to the photo limit (past it, marked too large).
    private static func keep(_ body: HTTPBody, named name: String?, in intake: PhotoIntake) async throws -> UploadedForm.File {
        let limit = intake.limits.maximumBytes
        let (path, size) = try await UploadedForm.temporaryFile(in: intake.files.temporary, limit: limit) { sink in
            for try await chunk in body { try sink(chunk) }
        }
        return .init(field: "photos", filename: String((name ?? "photo").prefix(120)), temporaryPath: path, tooLarge: size > limit)
    }
}
