import Foundation
import HearthCore

/// Where a file comes from: the two phone exports Hearth reads.
public enum ImportSource: String, Sendable, CaseIterable {
    case appleHealth = "apple-health"
    case googleFit = "google-fit"

    /// Reads the file at `path` into local days. `fileName` is the name it was uploaded with
    /// (a Google Fit per-day file is named by its day).
    public func read(path: String, fileName: String, timeZone: TimeZone, progress: (ImportProgress) -> Void = { _ in }) throws -> ImportedFile {
        switch self {
        case .appleHealth: try AppleHealthImport.read(path: path, timeZone: timeZone, progress: progress)
        case .googleFit: try GoogleFitImport.read(path: path, fileName: fileName, progress: progress)
        }
    }
}

extension ImportProblem {
    /// The message key the progress page and the command line show.
    public var messageKey: String {
        switch self {
        case .notXML: "imports.problem.not_xml"
        case .notAppleHealth: "imports.problem.not_apple_health"
        case .truncated: "imports.problem.truncated"
        case .damaged: "imports.problem.damaged"
        case .zipTruncated: "imports.problem.zip_truncated"
        case .zipWithoutExport: "imports.problem.zip_without_export"
        case .zipWithoutFit: "imports.problem.zip_without_fit"
        case .zipUnsupported: "imports.problem.zip_unsupported"
        case .inflatesTooMuch: "imports.problem.inflates_too_much"
        case .csvMissingColumns: "imports.problem.csv_columns"
        case .csv(let problem): problem.messageKey
        case .nothingToImport: "imports.problem.nothing"
        case .unreadable: "imports.problem.unreadable"
        }
    }

    /// The key with its values, as a job's row keeps it: `key?name=value&…` (see
    /// `ImportMessage`), so a failed job's page can name the line or the limit.
    public var storedMessage: String { ImportMessage.stored(messageKey, messageValues) }

    /// Values the message names: the columns a CSV lacked.
    public var messageValues: [String: String] {
        switch self {
        case .csvMissingColumns(let columns): return ["columns": columns]
        case .inflatesTooMuch: return ["gigabytes": String(ImportLimits.inflatedBytes >> 30), "ratio": String(ImportLimits.inflationRatio)]
        case .csv(let problem): return problem.messageValues
        default: return [:]
        }
    }
}

extension CSVProblem {
    /// The message key every CSV import shows (under `imports.problem.`).
    public var messageKey: String {
        switch self {
        case .tooLarge: "imports.problem.csv_too_large"
        case .rowTooLong: "imports.problem.csv_row_too_long"
        case .encoding: "imports.problem.csv_encoding"
        }
    }

    public var messageValues: [String: String] {
        switch self {
        case .tooLarge(let limit): ["megabytes": ImportLimits.megabytes(limit)]
        case .rowTooLong(let line): ["line": String(line), "megabytes": ImportLimits.megabytes(UInt64(ImportLimits.csvRowBytes))]
        case .encoding(let line, let bytes): ["line": String(line), "bytes": bytes]
        }
    }

    /// In English, for the command line.
    public var english: String {
        switch self {
        case .tooLarge(let limit): "the file is larger than \(ImportLimits.megabytes(limit)) MB, the most this list can be"
        case .rowTooLong(let line): "line \(line) runs past 1 MB without ending (a quote that never closes?)"
        case .encoding(let line, let bytes): "line \(line) has bytes that are neither UTF-8 nor CP949 (\(bytes))"
        }
    }
}

/// A message key and its values in one string, for a job's row.
public enum ImportMessage {
    public static func stored(_ key: String, _ values: [String: String]) -> String {
        guard !values.isEmpty else { return key }
        var query = URLComponents()
        query.queryItems = values.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return key + "?" + (query.percentEncodedQuery ?? "")
    }

    public static func read(_ stored: String) -> (key: String, values: [String: String]) {
        guard let mark = stored.firstIndex(of: "?") else { return (stored, [:]) }
        var query = URLComponents()
        query.percentEncodedQuery = String(stored[stored.index(after: mark)...])
        let values = Dictionary((query.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        return (String(stored[..<mark]), values)
    }
}
