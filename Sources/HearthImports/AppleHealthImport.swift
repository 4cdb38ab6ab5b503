import HearthCore
import Foundation

/// How far an import has got: the file's bytes read (what the percentage is of) and the records seen.
public struct ImportProgress: Sendable, Equatable {
    public var bytesRead: UInt64
    public var bytesTotal: UInt64
    public var recordsRead: Int

    public init(bytesRead: UInt64, bytesTotal: UInt64, recordsRead: Int) {
        (self.bytesRead, self.bytesTotal, self.recordsRead) = (bytesRead, bytesTotal, recordsRead)
    }

    public var percent: Int { bytesTotal == 0 ? 100 : Int(min(100, bytesRead * 100 / bytesTotal)) }
}

/// What a file held: its local days, and how many records were read and skipped.
public struct ImportedFile: Sendable, Equatable {
    public let days: [ImportedDay]
    public let recordsRead: Int
    public let skipped: Int
}

/// Apple Health's export, as `export.zip` (the phone's "Export All Health Data") or the
/// `export.xml` inside it. Read in chunks from disk: memory stays flat whatever the size.
public enum AppleHealthImport {
    public static func read(path: String, timeZone: TimeZone, chunkSize: Int = 1 << 20, progress: (ImportProgress) -> Void = { _ in }) throws -> ImportedFile {
        guard let file = FileHandle(forReadingAtPath: path) else { throw ImportProblem.unreadable(path) }
        defer { try? file.close() }
        let size = try file.seekToEnd()
        try file.seek(toOffset: 0)
        let magic = Array(try file.read(upToCount: 4) ?? Data())
        try file.seek(toOffset: 0)
        var scanner = XMLScanner()
        var reader = AppleHealthReader(timeZone: timeZone)
        func feed(_ bytes: UnsafeRawBufferPointer) throws {
            do {
                try scanner.feed(bytes, into: &reader)
            } catch let problem as XMLProblem {
                throw problem.importProblem
            }
        }
        if magic == [0x50, 0x4B, 0x03, 0x04] || magic == [0x50, 0x4B, 0x05, 0x06] {
            let zip = ZipEntryReader(file: file, fileSize: size)
            let entries = try zip.entries()
            guard
                let entry = entries.first(where: { $0.name == "apple_health_export/export.xml" })
                    ?? entries.first(where: { $0.name == "export.xml" || $0.name.hasSuffix("/export.xml") })
            else { throw ImportProblem.zipWithoutExport }
            try zip.stream(
                entry, chunkSize: chunkSize,
                progress: { read in
                    progress(ImportProgress(bytesRead: read, bytesTotal: size, recordsRead: reader.recordsRead))
                }, feed)
        } else {
            var read: UInt64 = 0
            while let chunk = try file.read(upToCount: chunkSize), !chunk.isEmpty {
                try chunk.withUnsafeBytes(feed)
                read += UInt64(chunk.count)
                progress(ImportProgress(bytesRead: read, bytesTotal: size, recordsRead: reader.recordsRead))
            }
        }
        do {
            try scanner.finish()
        } catch let problem as XMLProblem {
            throw problem.importProblem
        }
        return ImportedFile(days: reader.totals.days(), recordsRead: reader.recordsRead, skipped: reader.skipped)
    }
}

extension XMLProblem {
    var importProblem: ImportProblem {
        switch self {
        case .notXML: .notXML
        case .malformed, .tooDeep: .damaged
        case .truncated: .truncated
        }
    }
}
