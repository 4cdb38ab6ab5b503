import ArgumentParser
import Foundation
import HearthCore
import HearthStore
import HearthWeb

/// `hearth backup --to DIR`: a consistent archive of the database and photos, made while
/// the server keeps running, checked before it gets its final name.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Back up the database and photos into one verified archive (the server may keep running).")
    @Option(help: "Folder to write the archive into (default: DATA/backups).") var to: String?
    @OptionGroup var data: DataOptions
    @Option(name: .customLong("resources"), help: "Folder holding Templates/, for the words (default: the current folder).")
    var resourcesDirectory = FileManager.default.currentDirectoryPath

    func run() async throws {
        let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
        defer { try? database.close() }
        let say = try CommandLineText(resourcesDirectory: resourcesDirectory, householdLanguage: try await HouseholdRepository(database).settings()?.language)
        let folder = to ?? (data.dataDirectory as NSString).appendingPathComponent(Backup.folderName)
        do {
            let made = try Backup.make(database, dataDirectory: data.dataDirectory, into: folder)
            let rows = made.manifest.tables.values.reduce(0, +)
            print(say.text("backup.cli.made", ["path": made.path]))
            print(
                say.text(
                    "backup.cli.figures",
                    [
                        "bytes": Int(made.bytes).grouped, "schema": String(made.manifest.schemaVersion), "rows": rows.grouped,
                        "tables": String(made.manifest.tables.count), "photos": made.manifest.photoCount.grouped,
                    ]))
            print(say.text("backup.cli.verified"))
        } catch let problem as BackupProblem {
            throw Backup.failed(problem, say)
        } catch  where StorageFull.isCause(error) {
            throw ValidationError(say.text("backup.cli.backup_disk_full"))
        }
    }
}

extension Backup {
    /// The problem on standard error and exit status 1 (no usage text: the command was right).
    static func failed(_ problem: BackupProblem, _ say: CommandLineText) -> ExitCode {
        FileHandle.standardError.write(Data("\(say.text(problem.messageKey, problem.messageValues))\n".utf8))
        return ExitCode(1)
    }
}

/// `hearth restore ARCHIVE --data-dir D`: puts a verified archive in place of the data folder.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Restore a backup archive into the data folder (stop the server first).")
    @Argument(help: "A hearth-YYYYMMDD-HHMMSS.tar made by `hearth backup` or the nightly backup.") var archive: String
    @OptionGroup var data: DataOptions
    @Option(name: .customLong("resources"), help: "Folder holding Templates/, for the words (default: the current folder).")
    var resourcesDirectory = FileManager.default.currentDirectoryPath

    func run() async throws {
        // The terminal's language: the data folder may be empty, or about to be replaced.
        let say = try CommandLineText(resourcesDirectory: resourcesDirectory)
        do {
            if let said = Backup.recoverInterruptedRestore(dataDirectory: data.dataDirectory) { print(said) }
            let (manifest, previous) = try Backup.restore(archive: archive, dataDirectory: data.dataDirectory)
            print(
                say.text(
                    "backup.cli.restored",
                    [
                        "when": ISO8601DateFormatter().string(from: manifest.createdAt), "folder": data.dataDirectory,
                        "schema": String(manifest.schemaVersion), "photos": manifest.photoCount.grouped,
                    ]))
            if let previous { print(say.text("backup.cli.kept", ["folder": previous])) }
            if manifest.schemaVersion < Migrations.count { print(say.text("backup.cli.migrate")) }
        } catch let problem as BackupProblem {
            throw Backup.failed(problem, say)
        } catch  where StorageFull.isCause(error) {
            throw ValidationError(say.text("backup.cli.restore_disk_full"))
        }
    }
}

/// `hearth export --format csv|json|ics --to DIR` (the records, the default) and
/// `hearth export recipes --to FILE`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export the household's records, or its recipe book.", subcommands: [Records.self, Recipes.self],
        defaultSubcommand: Records.self)
}

extension ExportCommand {
    struct Records: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "records", abstract: "Export the household's records as CSV (one file per kind), one JSON document, or iCalendar.")
        enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json, ics }
        @Option(help: "csv, json or ics.") var format: Format
        @Option(help: "Folder to write into.") var to: String
        @OptionGroup var data: DataOptions
        @Option(name: .customLong("resources"), help: "Folder holding Templates/, for the calendar's words (default: the current folder).")
        var resourcesDirectory = FileManager.default.currentDirectoryPath

        func run() async throws {
            let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
            defer { try? database.close() }
            try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
            let export = HouseholdExport.everyArea(database)
            var written: [String] = []
            func write(_ name: String, _ bytes: Data) throws {
                let path = (to as NSString).appendingPathComponent(name)
                try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
                written.append(path)
            }
            // Written as they are read, so a household of any size exports in flat memory.
            func stream(_ name: String, _ body: (FileHandle) throws -> Void) throws {
                let path = (to as NSString).appendingPathComponent(name)
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                try body(handle)
                written.append(path)
            }
            switch format {
            case .csv:
                for kind in export.kinds {
                    try stream("\(kind.name).csv") { handle in try export.writeCSV(kind.name) { try handle.write(contentsOf: $0) } }
                }
            case .json:
                try stream("hearth.json") { handle in try export.writeJSON { try handle.write(contentsOf: $0) } }
            case .ics:
                guard let settings = try await HouseholdRepository(database).settings(), let zone = TimeZone(identifier: settings.timeZone) else {
                    throw ValidationError("This data folder has no household yet.")
                }
                let say = try CommandLineText(resourcesDirectory: resourcesDirectory, householdLanguage: settings.language)
                let words = say.calendarWords(zone: zone, unit: BodyWeightUnit(settings.weightUnit))
                try write("hearth.ics", Data(try export.ics(zone: zone, words: words).utf8))
            }
            for path in written { print(path) }
        }
    }
}
