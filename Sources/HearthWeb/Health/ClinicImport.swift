import Foundation
import HearthCore
import HearthHTML
import HearthImports
import HearthStore

/// Importing the animal-hospital register, shared by the page and `hearth import clinics`:
/// read and check the whole file first, then write every good row in one transaction.
public enum ClinicImport {
    static let largestFile = Int(ImportLimits.clinicListBytes)

    struct Summary: Sendable {
        let added: Int
        let updated: Int
        let closed: Int
        let badRows: [(line: Int, problem: RowProblem)]
    }

    enum Problem: Error {
        case unreadable
        case missingColumns([String])
        case csv(CSVProblem)
        case nothingToImport
    }

    static func run(path: String, into clinics: ClinicRepository) async throws -> Result<Summary, Problem> {
        // Reading and decoding a register of the whole country takes a moment: off the event loop.
        let read: Result<ClinicLicenceImport.Result, Problem> = await Task.detached {
            do { return .success(try ClinicLicenceImport.read(path: path)) } catch ClinicLicenceImport.Problem.missingColumns(let names) {
                return .failure(.missingColumns(names))
            } catch ClinicLicenceImport.Problem.csv(let problem) { return .failure(.csv(problem)) } catch { return .failure(.unreadable) }
        }.value
        switch read {
        case .failure(let problem): return .failure(problem)
        case .success(let file):
            guard !file.clinics.isEmpty else {
                return file.closed > 0 || !file.badRows.isEmpty
                    ? .success(Summary(added: 0, updated: 0, closed: file.closed, badRows: file.badRows)) : .failure(.nothingToImport)
            }
            let written = try await clinics.importLicensed(file.clinics)
            return .success(Summary(added: written.added, updated: written.updated, closed: file.closed, badRows: file.badRows))
        }
    }

    static func message(_ problem: Problem, _ format: Formatting) -> String {
        switch problem {
        case .unreadable: format.t("imports.problem.unreadable", ["file": ""])
        case .missingColumns(let names): format.t("care.import.missing_columns", ["columns": names.joined(separator: ", ")])
        case .csv(let problem): format.t(problem.messageKey, problem.messageValues)
        case .nothingToImport: format.t("care.import.nothing")
        }
    }

    static func summaryHTML(_ summary: Summary, _ format: Formatting) -> HTML {
        var html: HTML = "<p>\(summaryText(summary, format))</p>"
        if !summary.badRows.isEmpty {
            let rows = summary.badRows.prefix(50).map { row -> HTML in
                "<li>\(format.t("care.import.bad_row", ["line": String(row.line), "problem": format.t(row.problem.key, row.problem.values)]))</li>"
            }
            html += "<ul class=\"bad-rows\">\(rows.joined())</ul>"
        }
        return html
    }

    /// `hearth import clinics FILE`: the same import, said on the terminal. Returns the text
    /// to print and whether anything was imported.
    public static func commandLine(path: String, database: AppDatabase, say: CommandLineText) async throws -> (text: String, imported: Bool) {
        let format = Formatting(strings: say.strings, language: say.language, timeZone: .current)
        switch try await run(path: path, into: ClinicRepository(database)) {
        case .failure(let problem):
            return (message(problem, format), false)
        case .success(let summary):
            var text = summaryText(summary, format)
            for row in summary.badRows {
                text += "\n  " + format.t("care.import.bad_row", ["line": String(row.line), "problem": format.t(row.problem.key, row.problem.values)])
            }
            return (text, summary.added + summary.updated > 0)
        }
    }

    static func summaryText(_ summary: Summary, _ format: Formatting) -> String {
        format.t(
            "care.import.summary",
            [
                "added": String(summary.added), "updated": String(summary.updated), "closed": String(summary.closed), "bad": String(summary.badRows.count),
            ])
    }
}
