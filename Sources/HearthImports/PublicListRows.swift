import Foundation
import HearthCore

/// What reading the public lists that are read whole (the DUR lists, the pill list) shares: the
/// header decides which list it is and where each column is, a row of the wrong width or with
/// control characters is counted bad (the first thousand kept with their reasons), and a
/// field is read trimmed, empty as none.
struct PublicListRows {
    /// One good row: its fields by their names in the list's `columns`.
    struct Fields {
        let values: [String]
        let header: [String]
        let indexOf: [String: Int]

        func callAsFunction(_ name: String) -> String? {
            guard let index = indexOf[name] else { return nil }
            let value = values[index].trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }

        /// The column's name as the file writes it, for a message.
        func column(_ name: String) -> String { indexOf[name].map { header[$0] } ?? name }
    }

    var badRows: [(line: Int, problem: RowProblem)] = []
    var badRowCount = 0

    mutating func bad(_ line: Int, _ problem: RowProblem) {
        badRowCount += 1
        if badRows.count < 1000 { badRows.append((line, problem)) }
    }

    /// The first row of the file at `path`, trimmed; nil when it cannot be read as CSV.
    static func header(path: String) -> [String]? {
        struct Read: Error { let header: [String] }
        do {
            try CSVReader.forEachRow(path: path, limit: ImportLimits.medicineListBytes) { _, row in throw Read(header: row) }
        } catch let read as Read {
            return read.header.map { $0.trimmingCharacters(in: .whitespaces) }
        } catch {}
        return nil
    }

    static func forEachRow(path: String) -> ((Int, [String]) throws -> Void) throws -> Void {
        { try CSVReader.forEachRow(path: path, limit: ImportLimits.medicineListBytes, $0) }
    }

    static func forEachRow(data: Data) -> ((Int, [String]) throws -> Void) throws -> Void {
        { try CSVReader.forEachRow(data: data, limit: ImportLimits.medicineListBytes, $0) }
    }

    /// Reads every row: `columns` answers the header with each field's candidate names (or
    /// throws `notAList`), `row` takes each well-formed row and answers a problem to count it bad (or throws to stop: the
    /// write it was handed to failed).
    mutating func read(
        _ rows: ((Int, [String]) throws -> Void) throws -> Void, columns given: ([String]) throws -> [String: [String]],
        row handleGiven: (Int, Fields) throws -> RowProblem?
    ) throws {
        try withoutActuallyEscaping(given) { columns in
            try withoutActuallyEscaping(handleGiven) { handle in try read(rows, columns: columns, handle: handle) }
        }
    }

    private mutating func read(
        _ rows: ((Int, [String]) throws -> Void) throws -> Void, columns: @escaping ([String]) throws -> [String: [String]],
        handle: @escaping (Int, Fields) throws -> RowProblem?
    ) throws {
        var header: [String]?
        var indexOf: [String: Int] = [:]
        do {
            try rows { line, row in
                guard let header else {
                    let names = row.map { $0.trimmingCharacters(in: .whitespaces) }
                    for (field, candidates) in try columns(names) { indexOf[field] = candidates.lazy.compactMap { names.firstIndex(of: $0) }.first }
                    header = names
                    return
                }
                guard row.count == header.count else { return bad(line, .fieldCount(row.count, header: header.count)) }
                if let field = row.indices.first(where: { !FormInput.isTypeable(row[$0]) }) { return bad(line, .controlCharacters(in: header[field])) }
                if let problem = try handle(line, Fields(values: row, header: header, indexOf: indexOf)) { bad(line, problem) }
            }
        } catch let problem as CSVProblem {
            throw MedicineListImport.Problem.csv(problem)
        }
        guard header != nil else { throw MedicineListImport.Problem.notAList }
    }
}
