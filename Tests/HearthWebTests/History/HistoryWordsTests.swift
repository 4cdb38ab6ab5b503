import Foundation
import GRDB
import HearthCore
import Testing

@testable import HearthStore
@testable import HearthWeb

/// The history as the household reads it, over every table it keeps: each column of each table
/// changed for real (its triggers write the history), and every line read in Korean and English.
@Suite("The history in words")
struct HistoryWordsTests {
    @Test("a change of every column of every table the history keeps reads as words in Korean and English: no braces, raw keys, enum names or ids")
    func everyTable() async throws {
        let directory = try await PageSnapshotTests.seededCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try AppDatabase.open(dataDirectory: directory)
        defer { try? database.close() }
        // Each column of each table's first row takes the value another row has (one update a
        // column: a unique or checked column that refuses it is left as it is).
        let tables = try database.read { db in try HistoryTriggers.loggedTables(db) }
        var changed: Set<String> = []
        for table in tables {
            changed.formUnion(
                try await database.write { db -> Set<String> in
                    var changed: Set<String> = []
                    let columns = try db.columns(in: table).map(\.name).filter { !HistoryTriggers.skippedColumns.contains($0) && $0 != "id" }
                    // By its primary key (some tables have no rowid).
                    let key = try db.primaryKey(table).columns
                    let keyColumns = key.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                    guard let first = try Row.fetchOne(db, sql: "SELECT \(keyColumns), * FROM \(table) ORDER BY \(keyColumns) LIMIT 1") else { return changed }
                    let condition = key.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
                    let keyValues = (0..<key.count).map { first[$0] as DatabaseValue }
                    for column in columns where !key.contains(column) {
                        let quoted = column.quotedDatabaseIdentifier
                        let other = try DatabaseValue.fetchOne(
                            db, sql: "SELECT \(quoted) FROM \(table) WHERE \(quoted) IS NOT ? AND \(quoted) IS NOT NULL LIMIT 1",
                            arguments: [first[column] as DatabaseValue])
                        guard let other else { continue }
                        do {
                            try db.inSavepoint {
                                try db.execute(sql: "UPDATE \(table) SET \(quoted) = ? WHERE \(condition)", arguments: StatementArguments([other] + keyValues))
                                return .commit
                            }
                            changed.insert("\(table).\(column)")
                        } catch {}
                    }
                    return changed
                })
        }
        #expect(changed.count > 90, "only \(changed.count) columns changed")
        let history = try HistoryRepository(database).activity(
            access: .everyone, filter: .init(), timeZone: TimeZone(identifier: "Asia/Seoul")!, limit: 5_000)
        let subjects = try await SubjectRepository(database).subjects(access: .everyone)
        let names = try HistoryNames.read(
            history, subjects: subjects, entries: EntryRepository(database), foods: FoodRepository(database), access: .everyone)
        let strings = try Localization(directory: packageRoot + "/Templates/i18n")
        for language in [Language.ko, .en] {
            let format = Formatting(strings: strings, language: language, timeZone: TimeZone(identifier: "Asia/Seoul")!)
            let rows = String(describing: HistoryHTML.rows(history, format: format, what: true, names: names))
            let lines = rows.components(separatedBy: "</li>").map { $0.replacing(#/<[^>]+>/#, with: "") }.filter { !$0.isEmpty }
            #expect(lines.count > 100, "\(language)")
            for line in lines {
                #expect(!line.contains("{") && !line.contains("}"), "braces: \(line)")
                #expect(line.firstMatch(of: #/[a-z][a-z0-9]*[_:][a-z0-9_]+/#) == nil, "a raw key: \(line)")
            }
            // A stored choice next to an arrow is an enum's name shown raw (dog → cat, daily → weekdays):
            // in Korean, whose labels are never the stored words.
            let raw = Self.storedChoices(strings, language)
            for line in lines where language == .ko {
                let beside = line.matches(of: #/([a-z0-9_]+) → ([a-z0-9_]+)/#).flatMap { [String($0.output.1), String($0.output.2)] }
                #expect(beside.filter { raw.contains($0) } == [], "a stored choice shown raw: \(line)")
            }
        }
    }

    /// What the database keeps of each choice the history says by its label (`pets.species.dog` → dog).
    static func storedChoices(_ strings: Localization, _ language: Language) -> Set<String> {
        let keys = strings.flat[language]?.keys.map { $0 } ?? []
        let stored = HistoryNames.labels.values.joined().flatMap { prefix in keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } }
        return Set(stored.filter { Int($0) == nil })
    }

    @Test("every stored choice of a column the history says by its label reads as that label, in both languages")
    func storedChoicesAreSaid() throws {
        let strings = try Localization(directory: packageRoot + "/Templates/i18n")
        for language in [Language.ko, .en] {
            let format = Formatting(strings: strings, language: language, timeZone: .gmt)
            for (column, prefixes) in HistoryNames.labels {
                for prefix in prefixes {
                    for key in strings.flat[language]?.keys.filter({ $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") }) ?? [] {
                        let stored = String(key.dropFirst(prefix.count))
                        let said = HistoryNames().said(.text(stored), column: column, table: "any", format: format)
                        #expect(said != nil && said != stored || format.t(key) == stored, "\(language) \(column) \(stored) → \(said ?? "nil")")
                    }
                }
            }
        }
    }
}
