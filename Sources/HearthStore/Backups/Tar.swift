import Crypto
import Foundation

/// A POSIX tar (ustar) archive written one file at a time and never held in memory:
/// readable by `tar -xf` anywhere, which is the point of a backup.
struct TarWriter {
    private let handle: FileHandle
    static let chunk = 1 << 20

    init(creating path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Copies the file at `path` in as `name` and returns its SHA-256 and size as read.
    mutating func add(name: String, file path: String) throws -> (sha256: String, bytes: Int) {
        let source = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? source.close() }
        let size = Int(try source.seekToEnd())
        try source.seek(toOffset: 0)
        try handle.write(contentsOf: try Self.header(name: name, size: size))
        var hasher = SHA256()
        var written = 0
        while written < size, let data = try source.read(upToCount: min(Self.chunk, size - written)), !data.isEmpty {
            hasher.update(data: data)
            try handle.write(contentsOf: data)
            written += data.count
        }
        // A file that shrank while it was copied would misalign the archive: refuse it.
        guard written == size else { throw BackupProblem.fileChanged(name) }
        try pad(size)
        return (SHA256.hex(digest: hasher.finalize()), size)
    }

    mutating func add(name: String, data: Data) throws {
        try handle.write(contentsOf: try Self.header(name: name, size: data.count))
        try handle.write(contentsOf: data)
        try pad(data.count)
    }

    /// The two empty blocks that end an archive, then the bytes forced to the disk.
    func finish() throws {
        try handle.write(contentsOf: Data(count: 1024))
        try handle.synchronize()
        try handle.close()
    }

    private func pad(_ size: Int) throws {
        let rest = size % 512
        if rest != 0 { try handle.write(contentsOf: Data(count: 512 - rest)) }
    }

    /// A ustar header. A name over 100 bytes goes in two parts (the prefix field holds the
    /// folders); one that fits neither way, or a size past ustar's 8 GB, is refused rather than cut.
    static func header(name: String, size: Int) throws -> Data {
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int, at offset: Int, width: Int) {
            put(String(String(value, radix: 8).suffix(width - 1)).leftPadded(to: width - 1), at: offset, width: width - 1)
        }
        guard size < 1 << 33 else { throw BackupProblem.damaged("\(name) is larger than a tar entry may be (8 GB)") }
        let bytes = Array(name.utf8)
        if bytes.count <= 100 {
            put(name, at: 0, width: 100)
        } else if let cut = bytes.indices.last(where: { bytes[$0] == UInt8(ascii: "/") && $0 <= 155 && bytes.count - $0 - 1 <= 100 }) {
            put(String(decoding: bytes[..<cut], as: UTF8.self), at: 345, width: 155)
            put(String(decoding: bytes[(cut + 1)...], as: UTF8.self), at: 0, width: 100)
        } else {
            throw BackupProblem.damaged("the name \(name) is too long for a tar archive")
        }
        octal(0o600, at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        octal(size, at: 124, width: 12)
        octal(Int(Date().timeIntervalSince1970), at: 136, width: 12)
        for index in 148..<156 { block[index] = 0x20 }
        block[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        let sum = block.reduce(0) { $0 + Int($1) }
        put(String(String(sum, radix: 8)).leftPadded(to: 6), at: 148, width: 6)
        block[154] = 0
        return Data(block)
    }
}

/// One member of an archive, as its header says.
struct TarEntry {
    let name: String
    let size: Int
    /// The header's type flag: `0` (or NUL) a regular file, `5` a folder, others links and devices.
    let type: UInt8

    var isRegularFile: Bool { type == UInt8(ascii: "0") || type == 0 }
    var isFolder: Bool { type == UInt8(ascii: "5") }
}

/// Reads a tar archive written by `TarWriter`, one entry at a time, in chunks.
struct TarReader {
    private let handle: FileHandle

    init(path: String) throws {
        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    }

    func close() { try? handle.close() }

    func rewind() throws { try handle.seek(toOffset: 0) }

    /// Calls `body` with each entry, then the returned `chunk` with its bytes in order; an
    /// entry whose `body` returns nil is seeked over, not read. Throws
    /// `BackupProblem.damaged` for a header that does not add up.
    func forEach(_ entry: (TarEntry) throws -> ((Data) throws -> Void)?) throws {
        while true {
            guard let header = try handle.read(upToCount: 512), header.count == 512 else { throw BackupProblem.damaged("the archive ends early") }
            if header.allSatisfy({ $0 == 0 }) { return }
            let bytes = [UInt8](header)
            let stored = Self.octal(bytes[148..<156])
            var sum = bytes.reduce(0) { $0 + Int($1) }
            sum -= bytes[148..<156].reduce(0) { $0 + Int($1) } - 8 * 0x20
            guard let stored, stored == sum, let size = Self.octal(bytes[124..<136]), size >= 0 else {
                throw BackupProblem.damaged("an entry's header is damaged")
            }
            let short = String(decoding: bytes[0..<100].prefix { $0 != 0 }, as: UTF8.self)
            // ustar: a long name's folders are in the prefix field.
            let prefix = bytes[257..<262].elementsEqual(Array("ustar".utf8)) ? String(decoding: bytes[345..<500].prefix { $0 != 0 }, as: UTF8.self) : ""
            let name = prefix.isEmpty ? short : prefix + "/" + short
            let padded = UInt64(size) + UInt64((512 - size % 512) % 512)
            guard let take = try entry(TarEntry(name: name, size: size, type: bytes[156])) else {
                let end = try handle.offset() + padded
                guard end <= (try handle.seekToEnd()) else { throw BackupProblem.damaged("\(name) is cut short") }
                try handle.seek(toOffset: end)
                continue
            }
            var left = size
            while left > 0 {
                guard let data = try handle.read(upToCount: min(TarWriter.chunk, left)), !data.isEmpty else {
                    throw BackupProblem.damaged("\(name) is cut short")
                }
                try take(data)
                left -= data.count
            }
            let rest = size % 512
            if rest != 0 { _ = try handle.read(upToCount: 512 - rest) }
        }
    }

    /// The manifest's bytes, found by walking the headers and seeking over every other
    /// member, so it is read and checked before a byte of anything else is written.
    func manifest() throws -> Data {
        var data: Data?
        try forEach { entry in
            guard entry.name == BackupManifest.entryName else { return nil }
            guard data == nil else { throw BackupProblem.mismatch("\(entry.name) is in it twice") }
            guard entry.isRegularFile else { throw BackupProblem.mismatch("its \(entry.name) is not a file") }
            guard entry.size < 64 << 20 else { throw BackupProblem.badManifest("its manifest is too large") }
            data = Data()
            return { data?.append($0) }
        }
        guard let data else { throw BackupProblem.badManifest("it has no manifest.json") }
        return data
    }

    static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        let digits = field.prefix { $0 != 0 && $0 != 0x20 }.drop { $0 == 0x20 }
        return Int(String(decoding: digits, as: UTF8.self), radix: 8)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
