import Foundation
import HearthCore
import HearthImports
import HearthStore

/// Importing a public list of medicines or supplements, shared by the page and `hearth import
/// medicines`: the whole file read and checked first, then every good row in one transaction.
public enum MedicineImport {
    static let largestFile = 256 * 1024 * 1024

    struct Summary: Sendable {
        let kind: MedicineInput.Kind
        let added: Int
        let updated: Int
        let badRows: [(line: Int, problem: String)]
    }

    enum Problem: Error {
        case unreadable, notAList, tooLarge, nothingToImport
    }

    /// Reads and writes a list; `progress` hears the rows read, then every thousand written.
    static func run(path: String, into medicines: MedicineRepository, progress: @escaping @Sendable (MedicineImportJobs.Progress) -> Void = { _ in }) async throws -> Result<Summary, Problem> {
        // Tens of megabytes for the whole drug list: decoded and split off the event loop.
        let read: Result<MedicineListImport.Result, Problem> = await Task.detached {
            guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable) }
            do { return .success(try MedicineListImport.read(data)) }
            catch MedicineListImport.Problem.notAList { return .failure(.notAList) }
            catch { return .failure(.tooLarge) }
        }.value
        switch read {
        case .failure(let problem): return .failure(problem)
        case .success(let file):
            guard !file.items.isEmpty else {
                return file.badRows.isEmpty ? .failure(.nothingToImport) : .success(Summary(kind: file.kind, added: 0, updated: 0, badRows: file.badRows))
            }
            let total = file.items.count
            progress(.init(rows: total, written: 0))
            let written = try await medicines.importListed(file.items) { count in progress(.init(rows: total, written: count)) }
            return .success(Summary(kind: file.kind, added: written.added, updated: written.updated, badRows: file.badRows))
        }
    }

    static func message(_ problem: Problem, _ format: Formatting) -> String {
        switch problem {
        case .unreadable: format.t("imports.problem.unreadable", ["file": ""])
        case .notAList: format.t("medicines.import.not_a_list")
        case .tooLarge: format.t("imports.error.too_large")
        case .nothingToImport: format.t("medicines.import.nothing")
        }
    }

    static func summaryText(_ summary: Summary, _ format: Formatting) -> String {
        var text = format.t("medicines.import.summary", [
            "list": format.t("medicines.import.list.\(summary.kind.rawValue)"), "added": String(summary.added), "updated": String(summary.updated),
            "bad": String(summary.badRows.count),
        ])
        for row in summary.badRows.prefix(20) { text += " " + format.t("care.import.bad_row", ["line": String(row.line), "problem": row.problem]) + ";" }
        return text
    }

    /// `hearth import medicines FILE`: the same import, said on the terminal.
    public static func commandLine(path: String, database: AppDatabase, say: CommandLineText) async throws -> (text: String, imported: Bool) {
        let format = Formatting(strings: say.strings, language: say.language, timeZone: .current)
        switch try await run(path: path, into: MedicineRepository(database)) {
        case .failure(let problem): return (message(problem, format), false)
        case .success(let summary): return (summaryText(summary, format), summary.added + summary.updated > 0)
        }
    }
}
