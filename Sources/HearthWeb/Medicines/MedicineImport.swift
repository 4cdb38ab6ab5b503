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
        /// Which list (`medicines.import.list.<list>`).
        let list: String
        let added: Int
        let updated: Int
        let badRows: [(line: Int, problem: RowProblem)]
        let badRowCount: Int
        /// A DUR list, which replaces the one before: the rows it holds, and those the list marks withdrawn.
        var replaced: (rows: Int, withdrawn: Int)? = nil
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
        // The DUR lists come in by the same door, told apart by their header.
        if let list = DURListImport.list(path: path) { return try await runDUR(list, path: path, into: medicines.interactions) }
        if PillListImport.isPillList(path: path) { return try await runPills(path: path, into: medicines.pills) }
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
            return .success(Summary(list: file.kind.rawValue, added: 0, updated: 0, badRows: file.badRows, badRowCount: file.badRowCount))
        } catch ImportProblem.unreadable {
            return .failure(.unreadable)
        }
        guard let file = outcome.withLock({ $0 }) else { return .failure(.unreadable) }
        return .success(Summary(list: file.kind.rawValue, added: written.added, updated: written.updated, badRows: file.badRows, badRowCount: file.badRowCount))
    }

    /// A list read whole, its reader's problems as the page says them.
    private static func readWhole<File>(_ read: () throws -> File) -> Result<File, Problem> {
        do {
            return .success(try read())
        } catch MedicineListImport.Problem.csv(let problem) {
            return .failure(.csv(problem))
        } catch {
            return .failure(error as? MedicineListImport.Problem == .notAList ? .notAList : .unreadable)
        }
    }

    /// A DUR list read whole (a few thousand rows) and put in place of the one before.
    static func runDUR(_ list: DURList, path: String, into interactions: InteractionRepository) async throws -> Result<Summary, Problem> {
        let file: DURListImport.Result
        switch readWhole({ try DURListImport.read(path: path) }) {
        case .success(let read): file = read
        case .failure(let problem): return .failure(problem)
        }
        var summary = Summary(list: list.rawValue, added: 0, updated: 0, badRows: file.badRows, badRowCount: file.badRowCount)
        // A file with no good row leaves the list there was.
        guard !(file.pairs.isEmpty && file.cautions.isEmpty) else { return file.badRowCount > 0 ? .success(summary) : .failure(.nothingToImport) }
        summary.replaced = (try await interactions.replace(list, pairs: file.pairs, cautions: file.cautions), file.withdrawn)
        return .success(summary)
    }

    /// The pill-identification list, read whole and put in place of the one before.
    static func runPills(path: String, into pills: PillRepository) async throws -> Result<Summary, Problem> {
        let file: PillListImport.Result
        switch readWhole({ try PillListImport.read(path: path) }) {
        case .success(let read): file = read
        case .failure(let problem): return .failure(problem)
        }
        var summary = Summary(list: "pills", added: 0, updated: 0, badRows: file.badRows, badRowCount: file.badRowCount)
        guard !file.pills.isEmpty else { return file.badRowCount > 0 ? .success(summary) : .failure(.nothingToImport) }
        summary.replaced = (try await pills.replace(file.pills), 0)
        return .success(summary)
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
        let list = format.t("medicines.import.list.\(summary.list)")
        var text =
            summary.replaced.map { rows, withdrawn in
                format.t(
                    "medicines.import.dur_summary", ["list": list, "rows": rows.grouped, "bad": summary.badRowCount.grouped, "withdrawn": withdrawn.grouped])
            }
            ?? format.t(
                "medicines.import.summary",
                ["list": list, "added": String(summary.added), "updated": String(summary.updated), "bad": String(summary.badRowCount)])
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
        case .success(let summary): return (summaryText(summary, format), summary.added + summary.updated + (summary.replaced?.rows ?? 0) > 0)
        }
    }
}
