import ArgumentParser
import Foundation
import HearthCore
import HearthImports
import HearthStore
import HearthWeb

/// `hearth import apple-health FILE --person NAME`: the same import as the browser's, for
/// exports too large to upload comfortably. It prints its progress and a summary and exits
/// non-zero when the file was refused (nothing is written then).
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a phone's export into a person's days.",
        subcommands: [AppleHealth.self, GoogleFit.self, Clinics.self, Medicines.self, Recipes.self])

    struct Options: ParsableArguments {
        @Argument(help: "The file: export.zip or export.xml (Apple Health), a daily activity metrics CSV (Google Fit).")
        var file: String
        @Option(help: "The person's name, as on their page.")
        var person: String
        @OptionGroup var options: UserCommand.Options
    }

    struct AppleHealth: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "apple-health", abstract: "Import an Apple Health export (export.zip or export.xml).")
        @OptionGroup var arguments: Options
        func run() async throws { try await ImportCommand.run(.appleHealth, arguments) }
    }

    struct GoogleFit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "google-fit", abstract: "Import a Google Fit daily activity metrics CSV.")
        @OptionGroup var arguments: Options
        func run() async throws { try await ImportCommand.run(.googleFit, arguments) }
    }

    /// `hearth import clinics FILE`: the public animal-hospital register into the clinic directory.
    struct Clinics: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clinics", abstract: "Import the animal-hospital licence register (동물병원 인허가 CSV, UTF-8 or CP949) into the clinic directory.")
        @Argument(help: "The register's CSV file.")
        var file: String
        @OptionGroup var options: UserCommand.Options

        func run() async throws {
            let (database, say) = try await options.open()
            defer { try? database.close() }
            let result = try await ClinicImport.commandLine(path: file, database: database, say: say)
            print(result.text)
            if !result.imported { throw ExitCode(1) }
        }
    }

    /// `hearth import medicines FILE`: the drug-permit list or the supplement list into the catalogue.
    struct Medicines: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "medicines", abstract: "Import the drug-permit list or the health-supplement list (CSV, UTF-8 or CP949) into the catalogue.")
        @Argument(help: "The list's CSV file.")
        var file: String
        @OptionGroup var options: UserCommand.Options

        func run() async throws {
            let (database, say) = try await options.open()
            defer { try? database.close() }
            let result = try await MedicineImport.commandLine(path: file, database: database, say: say)
            print(result.text)
            if !result.imported { throw ExitCode(1) }
        }
    }

    static func run(_ source: ImportSource, _ arguments: Options) async throws {
        let (database, say) = try await arguments.options.open()
        defer { try? database.close() }
        guard let household = try await HouseholdRepository(database).settings() else {
            throw ValidationError("The household is not set up yet: run `hearth serve` and open it in a browser first.")
        }
        let people = try await PersonRepository(database).people(access: .everyone)
        guard let person = people.first(where: { $0.profile.name.caseInsensitiveCompare(arguments.person) == .orderedSame }) else {
            throw ValidationError("No person named \(arguments.person). People: \(people.map(\.profile.name).joined(separator: ", "))")
        }
        let path = arguments.file
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        let fileName = (path as NSString).lastPathComponent
        let imports = ImportRepository(database)
        let jobID = try await imports.start(subjectID: person.id, source: source.rawValue, fileName: fileName, bytesTotal: size, createdBy: nil)
        let clock = ContinuousClock(), started = clock.now
        var shown = -10
        do {
            let timeZone = TimeZone(identifier: household.timeZone) ?? .current
            let file = try source.read(path: path, fileName: fileName, timeZone: timeZone) { progress in
                guard progress.percent / 10 != shown / 10 else { return }
                shown = progress.percent
                FileHandle.standardError.write(Data("\(progress.percent)% · \(say.text("imports.records", ["count": String(progress.recordsRead)]))\n".utf8))
            }
            let written = try await ImportRunner.keep(file, jobID: jobID, subjectID: person.id, timeZone: timeZone, imports: imports)
            let seconds = Double((clock.now - started).components.attoseconds) / 1e18 + Double((clock.now - started).components.seconds)
            let records = say.text(file.recordsRead == 1 ? "imports.record" : "imports.records", ["count": String(file.recordsRead)])
            print("\(records) · \(say.text(written == 1 ? "imports.day" : "imports.days", ["count": String(written)])) · \(String(format: "%.1f", seconds)) s")
        } catch let problem as ImportProblem {
            try await imports.fail(jobID: jobID, message: problem.storedMessage)
            FileHandle.standardError.write(Data("\(say.text(problem.messageKey, problem.messageValues)) \(say.text("imports.nothing_written"))\n".utf8))
            throw ExitCode(1)
        }
    }
}
