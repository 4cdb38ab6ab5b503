import Foundation
import HearthCore
import HearthImaging
import HearthStore
import Hummingbird

/// A multipart form as read: its fields, and its files waiting in the temporary folder.
struct UploadedForm: Sendable {
    struct File: Sendable {
        let field: String
        let filename: String
        let temporaryPath: String
        let tooLarge: Bool
    }

    var fields: [String: String]
    var files: [File]

    /// Removes whatever is still in the temporary folder (stored originals were moved out).
    func discard() {
        for file in files { try? FileManager.default.removeItem(atPath: file.temporaryPath) }
    }

    /// Why a form has no file to import: the message key to say so.
    struct MissingFile: Error {
        let messageKey: String
        var values: [String: String] = [:]
    }

    /// The file sent in `field`, whole: none sent and one over the limit are each said; a
    /// list's `limit` is named in its own message (a phone export's is 4 GB).
    func file(_ field: String, listLimit limit: UInt64? = nil) -> Result<File, MissingFile> {
        guard let file = files.first(where: { $0.field == field }) else { return .failure(MissingFile(messageKey: "imports.error.no_file")) }
        guard file.tooLarge else { return .success(file) }
        guard let limit else { return .failure(MissingFile(messageKey: "imports.error.too_large")) }
        return .failure(MissingFile(messageKey: "imports.problem.csv_too_large", values: ["megabytes": ImportLimits.megabytes(limit)]))
    }
}

extension UploadedForm {
    /// Reads a multipart form as it arrives: fields into memory, each file straight to a new
    /// file in `temporaryFolder` (written up to `fileLimit` bytes, beyond which it is marked
    /// too large). url-encoded forms work too, without files.
    static func read(
        _ request: inout Request, context: AppRequestContext, temporaryFolder: String, fileLimit limit: Int, maximumFiles: Int
    ) async throws -> UploadedForm {
        guard let boundary = MultipartReader.boundary(contentType: request.headers[.contentType]) else {
            return UploadedForm(fields: try await FormData.read(&request, context: context).fields, files: [])
        }
        let reader = MultipartReader(body: request.body, boundary: boundary)
        var form = UploadedForm(fields: [:], files: [])
        do {
            while let part = try await reader.nextPart() {
                // A form has a handful of fields and at most twenty photos; anything far beyond is not a form.
                guard form.files.count <= maximumFiles, form.fields.count <= 200 else { throw MultipartReader.Problem.fieldTooLarge }
                guard let filename = part.filename else {
                    form.fields[part.name] = try await reader.readText(limit: 64 * 1024)
                    continue
                }
                let (path, size) = try await Self.temporaryFile(in: temporaryFolder, limit: limit) { sink in try await reader.readContent(sink) }
                if filename.isEmpty && size == 0 {  // the file input was left empty
                    try? FileManager.default.removeItem(atPath: path)
                    continue
                }
                form.files.append(.init(field: part.name, filename: String(filename.prefix(120)), temporaryPath: path, tooLarge: size > limit))
            }
        } catch let problem as MultipartReader.Problem {
            form.discard()
            context.logger.notice("upload refused: \(problem)")
            throw PageError(
                status: problem == .fieldTooLarge ? .contentTooLarge : .badRequest,
                messageKey: problem == .cutOff ? "error.upload.cut_off" : "error.bad_request")
        } catch {
            form.discard()
            throw error
        }
        return form
    }

    /// A new file in `folder` (`0600`, a name of its own) holding what `fill` hands its sink, up
    /// to `limit` bytes: what comes past it is counted, not kept. Removed when filling fails.
    static func temporaryFile(
        in folder: String, limit: Int, _ fill: (_ sink: (ArraySlice<UInt8>) throws -> Void) async throws -> Void
    ) async throws -> (path: String, size: Int) {
        let path = (folder as NSString).appendingPathComponent("upload-\(UUID().uuidString)")
        // open(2) rather than FileManager.createFile, which says only "no": the errno tells a full disk.
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var size = 0
        do {
            try await fill { slice in
                size += slice.count
                if size <= limit { try handle.write(contentsOf: slice) }
            }
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return (path, size)
    }
}

/// One upload's photos, checked and processed, or the problems that stop the save.
struct CheckedPhotos: Sendable {
    var photos: [(photo: ProcessedPhoto, temporaryPath: String)] = []
    /// "name: reason" messages, in the member's language, one per refused file.
    var problems: [String] = []

    var records: [PhotoRecord] { photos.map { PhotoRecord($0.photo) } }
}

extension PhotoRecord {
    /// The row for a processed photo.
    init(_ photo: ProcessedPhoto) {
        self.init(
            sha256: photo.sha256, format: photo.format.rawValue, width: photo.width, height: photo.height, byteCount: photo.byteCount, takenAt: photo.takenAt)
    }
}

/// Everything about receiving photos: reading the form, checking each file off the event
/// loop, and storing them. The rule is the same everywhere: if any photo is refused,
/// nothing of the form is saved, and the form comes back naming each bad file and why.
struct PhotoIntake: Sendable {
    let files: PhotoFiles
    let workers: WorkerThreads
    let limits: PhotoLimits
    let photos: PhotoRepository
    let maximumFiles = 20

    /// Reads a multipart form (url-encoded forms work too, without files).
    func read(_ request: inout Request, context: AppRequestContext) async throws -> UploadedForm {
        try await UploadedForm.read(
            &request, context: context, temporaryFolder: files.temporary, fileLimit: limits.maximumBytes, maximumFiles: maximumFiles * 2)
    }

    /// Checks and processes the form's files of `field`, at most `maximum` of them,
    /// on the photo workers: several at once, never more than the workers allow.
    func check(_ form: UploadedForm, field: String, maximum: Int, strings: Localization, language: Language) async -> CheckedPhotos {
        let files = form.files.filter { $0.field == field }
        var checked = CheckedPhotos()
        if files.count > maximum {
            checked.problems.append(strings.text("photo.problem.too_many", language, ["maximum": String(maximum)]))
            return checked
        }
        let limits = self.limits
        let results = await withTaskGroup(of: (Int, Result<ProcessedPhoto, PhotoProblem>).self) { group in
            for (index, file) in files.enumerated() {
                group.addTask {
                    if file.tooLarge { return (index, .failure(.tooLarge(bytes: limits.maximumBytes + 1, limit: limits.maximumBytes))) }
                    let outcome: Result<ProcessedPhoto, PhotoProblem>? = try? await workers.run {
                        // Read inside the worker: only as many photos in memory as workers.
                        guard let data = FileManager.default.contents(atPath: file.temporaryPath) else { return .failure(.damaged) }
                        return Result { () throws(PhotoProblem) in try PhotoProcessor.process(Array(data), limits: limits) }
                    }
                    return (index, outcome ?? .failure(.damaged))
                }
            }
            var results: [(Int, Result<ProcessedPhoto, PhotoProblem>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        var seen = Set<String>()
        for (index, result) in results {
            let file = files[index]
            switch result {
            case .success(let photo):
                if seen.insert(photo.sha256).inserted { checked.photos.append((photo, file.temporaryPath)) }
            case .failure(let problem):
                checked.problems.append(
                    strings.text("photo.problem.file", language, ["file": file.filename, "reason": Self.reason(problem, strings, language)]))
            }
        }
        return checked
    }

    /// Puts checked photos in place on disk (before the database refers to them).
    func store(_ checked: CheckedPhotos) throws {
        for (photo, path) in checked.photos { try files.store(photo, uploadedAt: path) }
    }

    /// Deletes the files of photos nothing refers to any more.
    func cleanUp(_ candidates: [String]) async {
        guard let removed = try? await photos.removeUnreferenced(candidates) else { return }
        for sha in removed { files.delete(sha) }
    }

    static func reason(_ problem: PhotoProblem, _ strings: Localization, _ language: Language) -> String {
        switch problem {
        case .empty: strings.text("photo.problem.empty", language)
        case .tooLarge(_, let limit): strings.text("photo.problem.too_large", language, ["megabytes": String(limit / 1024 / 1024)])
        case .notAPhoto: strings.text("photo.problem.not_a_photo", language)
        case .tooManyPixels(let width, let height, let limit):
            strings.text(
                "photo.problem.too_many_pixels", language, ["width": String(width), "height": String(height), "megapixels": String(limit / 1_000_000)])
        case .animationTooLarge(let frames, let megapixels, let limit):
            strings.text("photo.problem.animation_too_large", language, ["frames": String(frames), "megapixels": String(megapixels), "limit": String(limit)])
        case .damaged: strings.text("photo.problem.damaged", language)
        }
    }
}
