import Foundation
import HearthCore
import HearthImports
import HearthStore
import Synchronization

/// Importing a public list of medicines or supplements, shared by the page and `hearth import
/// medicines`: the whole file read and checked first, then every good row in one transaction.
public enum MedicineImport {
    static let largestFile = Int(ImportLimits.medicineListBytes)

    struct Summary: Sendable {
        let kind: MedicineInput.Kind
        let added: Int
        let updated: Int
        let badRows: [(line: Int, problem: RowProblem)]
        let badRowCount: Int
    }

    enum Problem: Error {
        case unreadable, notAList, csv(CSVProblem), nothingToImport
    }

    /// Reads the list a row at a time and writes each good row as it is read, in one
    /// transaction (on the database's writer thread, never an event loop); `progress` hears
    /// every thousand written. A 60 MB list once held the server's memory at 75 times its size.
    static func run(
        path: String, into medicines: MedicineRepository, progress: @escaping @Sendable (MedicineImportJobs.Progress) -> Void = { _ in }
    ) async throws -> Result<Summary, Problem> {
        let outcome = Mutex<MedicineListImport.Result?>(nil)
        let written: (added: Int, updated: Int)
        do {
            written = try await medicines.importListed(written: { count in progress(.init(rows: 0, written: count)) }) { write in
                let file = try MedicineListImport.read(path: path, write: write)
                outcome.withLock { $0 = file }
                // A list with no good row writes nothing: undone with the transaction.
                if file.rowsRead == 0 { throw Problem.nothingToImport }
            }
        } catch MedicineListImport.Problem.notAList {
            return .failure(.notAList)
        } catch MedicineListImport.Problem.csv(let problem) {
            return .failure(.csv(problem))
        } catch Problem.nothingToImport {
            guard let file = outcome.withLock({ $0 }), file.badRowCount > 0 else { return .failure(.nothingToImport) }
            return .success(Summary(kind: file.kind, added: 0, updated: 0, badRows: file.badRows, badRowCount: file.badRowCount))
        } catch ImportProblem.unreadable {
            return .failure(.unreadable)
        }
        guard let file = outcome.withLock({ $0 }) else { return .failure(.unreadable) }
        return .success(Summary(kind: file.kind, added: written.added, updated: written.updated, badRows: file.badRows, badRowCount: file.badRowCount))
    }

    static func message(_ problem: Problem, _ format: Formatting) -> String {
        switch problem {
        case .unreadable: format.t("imports.problem.unreadable", ["file": ""])
        case .notAList: format.t("medicines.import.not_a_list")
        case .csv(let problem): format.t(problem.messageKey, problem.messageValues)
        case .nothingToImport: format.t("medicines.import.nothing")
        }
    }

    static func summaryText(_ summary: Summary, _ format: Formatting) -> String {
        var text = format.t(
            "medicines.import.summary",
            [
                "list": format.t("medicines.import.list.\(summary.kind.rawValue)"), "added": String(summary.added), "updated": String(summary.updated),
                "bad": String(summary.badRowCount),
            ])
        for row in summary.badRows.prefix(20) {
            text += " " + format.t("care.import.bad_row", ["line": String(row.line), "problem": format.t(row.problem.key, row.problem.values)]) + ";"
        }
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
