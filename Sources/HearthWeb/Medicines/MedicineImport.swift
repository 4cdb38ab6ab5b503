import Foundation
import HearthCore
import HearthImports
import HearthStore
import Synchronization

/// Importing a public list, shared by the page and `hearth import medicines`: the medicine and
/// supplement lists a row at a time in one transaction (all or nothing), the DUR and pill lists
/// a row at a time, a batch a transaction, over the list there was (they replace it).
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

    /// A list's reader's problems as the page says them.
    private static func reading<File>(_ read: () async throws -> File) async throws -> Result<File, Problem> {
        do {
            return .success(try await read())
        } catch MedicineListImport.Problem.csv(let problem) {
            return .failure(.csv(problem))
        } catch let problem as MedicineListImport.Problem {
            return .failure(problem == .notAList ? .notAList : .unreadable)
        } catch ImportProblem.unreadable {
            return .failure(.unreadable)
        }
    }

    /// A DUR list read a row at a time and written over the one before, a batch at a time.
    static func runDUR(_ list: DURList, path: String, into interactions: InteractionRepository) async throws -> Result<Summary, Problem> {
        try await replacing(list.rawValue, problems: { ($0.badRows, $0.badRowCount, $0.withdrawn) }) { keep in
            try await interactions.replace(list) { pair, caution in keep(try DURListImport.read(path: path, pair: pair, caution: caution)) }
        }
    }

    /// The pill-identification list, read a row at a time and written over the one before.
    static func runPills(path: String, into pills: PillRepository) async throws -> Result<Summary, Problem> {
        try await replacing("pills", problems: { ($0.badRows, $0.badRowCount, 0) }) { keep in
            try await pills.replace { add in keep(try PillListImport.read(path: path, add: add)) }
        }
    }

    /// A list that replaces the one before: `replace` reads and writes it, handing `keep` the
    /// reader's result, and answers how many rows the list now holds. A file with no good row
    /// leaves the list there was (nothing replaced; its bad rows said, or nothing to import).
    private static func replacing<File: Sendable>(
        _ list: String, problems: (File) -> (badRows: [(line: Int, problem: RowProblem)], count: Int, withdrawn: Int),
        _ replace: (_ keep: @escaping @Sendable (File) -> Void) async throws -> Int
    ) async throws -> Result<Summary, Problem> {
        let file = Mutex<File?>(nil)
        let written = try await reading { try await replace { read in file.withLock { $0 = read } } }
        guard case .success(let rows) = written, let read = file.withLock({ $0 }) else {
            if case .failure(let problem) = written { return .failure(problem) }
            return .failure(.unreadable)
        }
        let (badRows, badRowCount, withdrawn) = problems(read)
        var summary = Summary(list: list, added: 0, updated: 0, badRows: badRows, badRowCount: badRowCount)
        guard rows > 0 else { return badRowCount > 0 ? .success(summary) : .failure(.nothingToImport) }
        summary.replaced = (rows, withdrawn)
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
