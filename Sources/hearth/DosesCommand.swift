import ArgumentParser
import Foundation
import HearthCore
import HearthStore

/// `hearth doses --from D --to D`: every dose of every regimen between two days as Hearth
/// works them out, one JSON object a line (regimen, day, time, the instant in UTC, state).
/// For a look from the command line, and for the e2e check that expands the calendar feed
/// with an independent implementation and compares.
struct DosesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "doses", abstract: "List the doses of every regimen between two days, as JSON lines.")
    @Option(help: "First day, YYYY-MM-DD.") var from: String
    @Option(help: "Last day, YYYY-MM-DD.") var to: String
    @OptionGroup var data: DataOptions

    func run() async throws {
        guard let first = LocalDate(from), let last = LocalDate(to), first <= last else {
            throw ValidationError("Give --from and --to as YYYY-MM-DD, in order.")
        }
        let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
        defer { try? database.close() }
        guard let settings = try await HouseholdRepository(database).settings(), let zone = TimeZone(identifier: settings.timeZone) else {
            throw ValidationError("This data folder has no household yet.")
        }
        let now = Date()
        let formatter = ISO8601DateFormatter()
        for entry in try RegimenRepository(database).doses(access: .everyone, from: first, to: last, in: zone) {
            for slot in entry.slots {
                let line: [String: Any] = [
                    "regimen": entry.regimen.id, "name": entry.regimen.name, "day": slot.day.description, "time": slot.minutes,
                    "at": formatter.string(from: slot.instant), "state": slot.state(at: now).rawValue,
                ]
                print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
            }
        }
    }
}
