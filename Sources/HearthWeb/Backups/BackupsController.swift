import Foundation
import HearthImaging
import HearthImports
import HearthCore
import HearthStore
import Hummingbird
import NIOCore

/// `/settings/backups` (owner): the last backups and any failure, "Back up now", where they
/// go, downloading an archive, and the household's export as CSV, JSON and iCalendar.
struct BackupsController {
    let renderer: Renderer
    let runner: BackupRunner
    let export: HouseholdExport
    let now: @Sendable () -> Date
    let fileIO = FileIO()

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        let folder = try runner.runs.folder(dataDirectory: runner.dataDirectory)
        let notice = request.uri.queryParameters.get("done").flatMap { ["started", "saved", "busy"].contains($0) ? "backup.done.\($0)" : nil }
        return try page(input: ["folder": folder], errors: FieldErrors(), notice: notice, request: request, context: context, status: .ok)
    }

    @Sendable func saveFolder(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let folder = input["folder", default: ""].trimmingCharacters(in: .whitespaces)
        var errors = FieldErrors()
        FormInput.check(folder, field: "folder", errors: &errors)
        if !folder.isEmpty, errors.isEmpty {
            if !folder.hasPrefix("/") {
                errors.add("folder", "backup.error.absolute")
            } else if !Self.isWritableFolder(folder) {
                errors.add("folder", "backup.error.unwritable")
            }
        }
        guard errors.isEmpty else {
            return try page(input: input, errors: errors, notice: nil, request: request, context: context, status: .unprocessableContent)
        }
        let standard = (runner.dataDirectory as NSString).appendingPathComponent(Backup.folderName)
        try await runner.runs.setFolder(folder.isEmpty || folder == standard ? nil : folder)
        return .redirect(to: BackupRoutes.page.pattern + "?done=saved", type: .normal)
    }

    /// A folder that exists (or can be made) and takes a file: checked now, not at 03:00.
    static func isWritableFolder(_ folder: String) -> Bool {
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
        else { return false }
        let probe = (folder as NSString).appendingPathComponent(".hearth-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: probe) }
        return FileManager.default.createFile(atPath: probe, contents: Data("ok".utf8))
    }

    @Sendable func backUpNow(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        let started = try await runner.start(.now, now: now())
        return .redirect(to: BackupRoutes.page.pattern + "?done=" + (started ? "started" : "busy"), type: .normal)
    }

    /// An archive from the backups folder. Only names Hearth gives its archives are served.
    @Sendable func download(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        let name = try context.parameters.require("name")
        guard Backup.date(ofArchive: name) != nil, !name.contains("/") else { throw PageError.notFound }
        let path = (try runner.runs.folder(dataDirectory: runner.dataDirectory) as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else { throw PageError.notFound }
        let body = try await fileIO.loadFile(path: path, context: context)
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/x-tar", .cacheControl: "no-store",
                .contentDisposition: ContentDisposition.header(name: name),
            ], body: body)
    }

    /// `/settings/export/{kind}.csv`, `/settings/export/hearth.json`, `/settings/export/hearth.ics`.
    /// The JSON and CSV files are written row by row into a file on a worker thread, then sent
    /// from it: memory stays flat and the event loops answer others meanwhile.
    @Sendable func exportFile(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        let file = try context.parameters.require("file")
        let type: String
        let write: @Sendable (FileHandle) throws -> Void
        let export = export, now = now()
        if file == "hearth.json" {
            type = "application/json"
            write = { handle in try export.writeJSON(now: now) { try handle.write(contentsOf: $0) } }
        } else if file == "hearth.ics" {
            let zone = context.timeZone
            let words = Formatting(strings: renderer.strings, language: context.language, timeZone: zone)
                .calendarWords(unit: BodyWeightUnit(context.household?.weightUnit ?? .kg))
            type = "text/calendar; charset=utf-8"
            write = { handle in try handle.write(contentsOf: Data(try export.ics(zone: zone, words: words, now: now).utf8)) }
        } else if file.hasSuffix(".csv"), export.kinds.contains(where: { $0.name == file.dropLast(4) }) {
            type = "text/csv; charset=utf-8"
            write = { handle in try export.writeCSV(String(file.dropLast(4))) { try handle.write(contentsOf: $0) } }
        } else {
            throw PageError.notFound
        }
        let folder = (runner.dataDirectory as NSString).appendingPathComponent("tmp")
        let path = (folder as NSString).appendingPathComponent("export-\(UUID().uuidString)")
        let size: Int = try await Self.writers.run {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            do { try write(handle) } catch {
                unlink(path)
                throw error
            }
            return Int(try handle.offset())
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: type, .cacheControl: "no-store", .contentDisposition: ContentDisposition.header(name: file), .contentLength: String(size),
            ],
            body: ResponseBody { writer in
                defer { unlink(path) }
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                    try await writer.write(ByteBuffer(data: chunk))
                }
                try await writer.finish(nil)
            })
    }

    /// Exports are written one at a time, off the event loops.
    private static let writers = WorkerThreads(limit: 1, name: "export")

    private func page(
        input: [String: String], errors: FieldErrors, notice: String?, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let folder = try runner.runs.folder(dataDirectory: runner.dataDirectory)
        let runs = try runner.runs.recent()
        let running = runs.first { $0.isRunning }.map { format.t("backup.running", ["when": format.moment($0.startedAt)]) }
        let last = runs.first { !$0.isRunning }.map { run in
            run.error.map { stored in
                let (key, values) = ImportMessage.read(stored)
                return format.t("backup.last_failed", ["when": format.moment(run.startedAt), "error": format.t(key, values)])
            }
                ?? format.t("backup.last_ok", ["when": format.moment(run.startedAt), "name": run.fileName ?? "", "size": Formatting.bytes(run.bytes ?? 0)])
        }
        let archives = BackupRunner.archives(in: folder).map { archive in
            BackupsPage.Archive(
                name: archive.name, when: format.moment(archive.date), size: Formatting.bytes(archive.bytes), href: BackupRoutes.archive(archive.name))
        }
        let exports = export.kinds.map { BackupsPage.Link(label: format.t("export.kind.\($0.name)"), href: BackupRoutes.export("\($0.name).csv")) }
        let page = BackupsPage(
            fields: FormFields(["folder"], input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(errors: errors), notice: notice.map { format.t($0) }, running: running, last: last,
            lastFailed: runs.first { !$0.isRunning }?.error != nil,
            archives: archives, csvLinks: exports,
            restoreCommand: Self.restoreCommand(
                archive: archives.first.map { (folder as NSString).appendingPathComponent($0.name) }
                    ?? (folder as NSString).appendingPathComponent("hearth-YYYYMMDD-HHMMSS.tar"), dataDirectory: runner.dataDirectory))
        return renderer.page(page, titleKey: "backup.title", request: request, context: context, status: status)
    }
}

extension BackupsController {
    /// The command that restores `archive` here, with this server's own program and data folder
    /// as absolute paths, so it runs as shown from any folder.
    static func restoreCommand(archive: String, dataDirectory: String) -> String {
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "hearth").standardizedFileURL.path
        let data = URL(fileURLWithPath: dataDirectory).standardizedFileURL.path
        return [program, "restore", URL(fileURLWithPath: archive).standardizedFileURL.path, "--data-dir", data].map(shellWord).joined(separator: " ")
    }

    /// A word the shell reads as it is: quoted when it holds anything but plain path characters.
    static func shellWord(_ word: String) -> String {
        word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:@".contains($0)) }
            ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
