import ArgumentParser
import Foundation
import HearthCore
import HearthStore

/// `hearth history [--member ID] [--subject ID] [--kind K] [--day D] [--limit N]`: the
/// household's changes, newest first, one JSON object a line, filtered as the activity page
/// filters; for a household that keeps them elsewhere.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Print the history of changes as JSON lines, newest first.")
    @Option(help: "Only this member's changes (their account id).") var member: Int64?
    @Option(help: "Only changes about this pet or person (its id).") var subject: Int64?
    @Option(help: "Only this kind: entry, regimen, routine, appointment, subject, food, …") var kind: String?
    @Option(help: "Only this day, YYYY-MM-DD, in the household's time zone.") var day: String?
    @Option(help: "At most this many changes.") var limit = 1000
    @OptionGroup var data: DataOptions

    func run() async throws {
        guard (1...1_000_000).contains(limit) else { throw ValidationError("--limit is 1 to 1,000,000.") }
        let date = try day.map { text in
            guard let date = LocalDate(text) else { throw ValidationError("Give --day as YYYY-MM-DD.") }
            return date
        }
        let database = try AppDatabase.open(dataDirectory: data.dataDirectory)
        defer { try? database.close() }
        let zone = try await HouseholdRepository(database).settings().flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt
        let history = HistoryRepository(database)
        let filter = HistoryRepository.Filter(accountID: member, subjectID: subject, record: kind, day: date)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var before: Int64?
        var printed = 0
        while printed < limit {
            let page = try history.activity(access: .everyone, filter: filter, timeZone: zone, before: before, limit: min(1000, limit - printed))
            guard let last = page.last else { break }
            for entry in page {
                var line: [String: Any] = [
                    "id": entry.id, "write": entry.write, "at": formatter.string(from: entry.at), "record": entry.record, "record_id": entry.recordID,
                    "table": entry.table, "action": entry.action, "by": entry.via?.rawValue ?? "hearth",
                    "changes": Dictionary(uniqueKeysWithValues: entry.changes.map { ($0.column, [Self.json($0.old), Self.json($0.new)]) }),
                ]
                if let account = entry.accountID { line["member"] = account }
                if let name = entry.memberName { line["member_name"] = name }
                if let token = entry.tokenName { line["token"] = token }
                if let subject = entry.subjectID { line["subject"] = subject }
                print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
            }
            printed += page.count
            before = last.id
        }
    }

    static func json(_ value: HistoryEntry.Value) -> Any {
        switch value {
        case .text(let text): text
        case .instant(let instant): ISO8601DateFormatter().string(from: instant)
        case .number(let number): number
        case .none: NSNull()
        }
    }
}
