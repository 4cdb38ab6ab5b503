import Foundation
import HearthCore

/// Why a CSV list could not be read.
public enum CSVProblem: Error, Equatable, Sendable {
    /// Larger than the import takes: its limit in bytes.
    case tooLarge(limit: UInt64)
    /// A line longer than any row of a real list (an unclosed quote, say).
    case rowTooLong(line: Int)
    /// Bytes that are neither UTF-8 nor CP949 on this line: the first few, in hex.
    case encoding(line: Int, bytes: String)
}

/// Reads an RFC 4180 CSV (quoted fields may hold commas, quotes and line breaks) from disk in
/// chunks, a row at a time: memory is one row, whatever the file's size. The file is UTF-8 or
/// CP949, as Korean public data comes; the first line that is not plain ASCII decides which,
/// and a line that is not valid in it is said with its line number and bytes. Splitting is
/// done on bytes: in CP949 no byte of a Korean letter is a comma, a quote or a line break.
public enum CSVReader {
    /// Calls `row` with each row's first line number (the header is 1) and its fields.
    public static func forEachRow(path: String, limit: UInt64, _ row: (Int, [String]) throws -> Void) throws {
        guard let file = FileHandle(forReadingAtPath: path) else { throw ImportProblem.unreadable(path) }
        defer { try? file.close() }
        guard try file.seekToEnd() <= limit else { throw CSVProblem.tooLarge(limit: limit) }
        try file.seek(toOffset: 0)
        try forEachRow(chunks: { try file.read(upToCount: 1 << 20) }, row)
    }

    /// The same for bytes already in memory (a test's, or a small paste).
    public static func forEachRow(data: Data, limit: UInt64, _ row: (Int, [String]) throws -> Void) throws {
        guard data.count <= limit else { throw CSVProblem.tooLarge(limit: limit) }
        var given = false
        try forEachRow(
            chunks: {
                defer { given = true }
                return given ? nil : data
            }, row)
    }

    private static func forEachRow(chunks next: () throws -> Data?, _ row: (Int, [String]) throws -> Void) throws {
        var fields: [[UInt8]] = [], field: [UInt8] = [], rowBytes = 0
        var quoted = false, afterQuote = false, line = 1, rowLine = 1, first = true
        var encoding: Encoding?
        func finishRow() throws {
            fields.append(field)
            field = []
            defer {
                fields = []
                rowBytes = 0
                rowLine = line
            }
            if fields.count == 1 && fields[0].isEmpty { return }  // a blank line
            try row(rowLine, try decode(fields, line: rowLine, encoding: &encoding))
        }
        while let chunk = try next(), !chunk.isEmpty {
            var bytes = [UInt8](chunk)
            if first {
                first = false
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            }
            for byte in bytes {
                rowBytes += 1
                if rowBytes > ImportLimits.csvRowBytes { throw CSVProblem.rowTooLong(line: rowLine) }
                if byte == 0x0A { line += 1 }
                if quoted {
                    if byte == 0x22 {
                        quoted = false
                        afterQuote = true
                    } else {
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case 0x22:
                    if afterQuote { field.append(0x22) }
                    quoted = true
                case 0x2C:
                    fields.append(field)
                    field = []
                case 0x0A: try finishRow()
                case 0x0D: break
                default: field.append(byte)
                }
                afterQuote = false
            }
        }
        if !field.isEmpty || !fields.isEmpty { try finishRow() }
    }

    /// What the file's first line that is not plain ASCII was written in.
    private enum Encoding { case utf8, cp949 }

    private static func decode(_ fields: [[UInt8]], line: Int, encoding: inout Encoding?) throws -> [String] {
        if encoding == nil, fields.contains(where: { $0.contains { $0 >= 0x80 } }) {
            encoding = fields.allSatisfy { String(validating: $0, as: UTF8.self) != nil } ? .utf8 : .cp949
        }
        return try fields.map { bytes in
            guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
            if encoding == .utf8 {
                if let text = String(validating: bytes, as: UTF8.self) { return text }
            } else if let converted = TextEncoding.convert(Data(bytes), from: "CP949", to: "UTF-8"), let text = String(data: converted, encoding: .utf8) {
                return text
            }
            throw CSVProblem.encoding(line: line, bytes: bytes.filter { $0 >= 0x80 }.prefix(6).map { String(format: "%02X", $0) }.joined(separator: " "))
        }
    }
}
