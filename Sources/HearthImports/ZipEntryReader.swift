import CZlib
import Foundation
import HearthCore

/// Streams one file out of a zip archive (stored or deflated; zip64 sizes and offsets read),
/// a chunk at a time, so a 1 GB `export.xml` inside `export.zip` never sits in memory.
/// The central directory is read from the end of the archive: a zip cut off in transfer has
/// none, and is refused before anything is read.
struct ZipEntryReader {
    struct Entry {
        let name: String
        let method: UInt16
        let compressedSize: UInt64
        let uncompressedSize: UInt64
        let crc32: UInt32
        let localHeaderOffset: UInt64
    }

    let file: FileHandle
    let fileSize: UInt64

    /// The archive's entries, from its central directory.
    func entries() throws -> [Entry] {
        let tailLength = min(fileSize, 65_557)
        let tail = try read(at: fileSize - tailLength, count: Int(tailLength))
        // The end-of-central-directory record: its signature, searched backwards (a comment may follow it).
        guard tail.count >= 22, let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.uint32($0) == 0x0605_4B50 }) else {
            throw ImportProblem.zipTruncated
        }
        var count = UInt64(tail.uint16(end + 10))
        var directorySize = UInt64(tail.uint32(end + 12))
        var directoryOffset = UInt64(tail.uint32(end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // zip64: the locator just before points at the zip64 end record.
            guard end >= 20, tail.uint32(end - 20) == 0x0706_4B50 else { throw ImportProblem.zipTruncated }
            let record = try read(at: tail.uint64(end - 20 + 8), count: 56)
            guard record.count == 56, record.uint32(0) == 0x0606_4B50 else { throw ImportProblem.zipTruncated }
            count = record.uint64(32)
            directorySize = record.uint64(40)
            directoryOffset = record.uint64(48)
        }
        guard directoryOffset + directorySize <= fileSize, directorySize < 64 * 1024 * 1024 else { throw ImportProblem.zipTruncated }
        let directory = try read(at: directoryOffset, count: Int(directorySize))
        var entries: [Entry] = []
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, directory.uint32(position) == 0x0201_4B50 else { throw ImportProblem.zipTruncated }
            let nameLength = Int(directory.uint16(position + 28)), extraLength = Int(directory.uint16(position + 30))
            let commentLength = Int(directory.uint16(position + 32))
            guard position + 46 + nameLength + extraLength + commentLength <= directory.count else { throw ImportProblem.zipTruncated }
            var compressed = UInt64(directory.uint32(position + 20)), uncompressed = UInt64(directory.uint32(position + 24))
            var offset = UInt64(directory.uint32(position + 42))
            // zip64 extra field: the 64-bit values, in this order, for those marked 0xFFFFFFFF.
            var extra = position + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let tag = directory.uint16(extra), size = Int(directory.uint16(extra + 2))
                if tag == 0x0001 {
                    var field = extra + 4
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= extraEnd {
                        uncompressed = directory.uint64(field)
                        field += 8
                    }
                    if compressed == 0xFFFF_FFFF, field + 8 <= extraEnd {
                        compressed = directory.uint64(field)
                        field += 8
                    }
                    if offset == 0xFFFF_FFFF, field + 8 <= extraEnd { offset = directory.uint64(field) }
                }
                extra += 4 + size
            }
            let name = String(decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            entries.append(
                Entry(
                    name: name, method: directory.uint16(position + 10), compressedSize: compressed, uncompressedSize: uncompressed,
                    crc32: directory.uint32(position + 16), localHeaderOffset: offset))
            position += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// Streams the entry's uncompressed bytes to `sink`; `progress` gets the archive bytes read so far.
    /// Throws when the data is cut short or its checksum is wrong.
    func stream(_ entry: Entry, chunkSize: Int = 1 << 20, progress: (UInt64) -> Void, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        // A zip bomb is refused before it is inflated, and a zip that says less than it
        // holds is stopped at what it said.
        guard entry.uncompressedSize <= ImportLimits.inflatedBytes,
            entry.uncompressedSize <= max(1 << 20, entry.compressedSize * ImportLimits.inflationRatio)
        else { throw ImportProblem.inflatesTooMuch }
        let header = try read(at: entry.localHeaderOffset, count: 30)
        guard header.count == 30, header.uint32(0) == 0x0403_4B50 else { throw ImportProblem.zipTruncated }
        let dataStart = entry.localHeaderOffset + 30 + UInt64(header.uint16(26)) + UInt64(header.uint16(28))
        guard dataStart + entry.compressedSize <= fileSize else { throw ImportProblem.zipTruncated }
        try file.seek(toOffset: dataStart)
        var remaining = entry.compressedSize
        var crc = crc32(0, nil, 0)
        var produced: UInt64 = 0
        switch entry.method {
        case 0:
            while remaining > 0 {
                guard let chunk = try file.read(upToCount: Int(min(UInt64(chunkSize), remaining))), !chunk.isEmpty else { throw ImportProblem.zipTruncated }
                remaining -= UInt64(chunk.count)
                try chunk.withUnsafeBytes { bytes in
                    crc = crc32(crc, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
                    produced += UInt64(bytes.count)
                    try sink(bytes)
                }
                progress(entry.compressedSize - remaining)
            }
        case 8:
            var stream = z_stream()
            guard hearth_inflate_init_raw(&stream) == Z_OK else { throw ImportProblem.unreadable("zlib") }
            defer { inflateEnd(&stream) }
            var output = [UInt8](repeating: 0, count: chunkSize)
            var finished = false
            while !finished {
                guard remaining > 0, let chunk = try file.read(upToCount: Int(min(UInt64(chunkSize), remaining))), !chunk.isEmpty else {
                    throw ImportProblem.zipTruncated
                }
                remaining -= UInt64(chunk.count)
                try chunk.withUnsafeBytes { input in
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
                    stream.avail_in = uInt(input.count)
                    repeat {
                        let status = output.withUnsafeMutableBytes { out -> Int32 in
                            stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
                            stream.avail_out = uInt(out.count)
                            return inflate(&stream, Z_NO_FLUSH)
                        }
                        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw ImportProblem.damaged }
                        let count = output.count - Int(stream.avail_out)
                        try output.withUnsafeBytes { out in
                            let bytes = UnsafeRawBufferPointer(rebasing: out[0..<count])
                            crc = crc32(crc, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(count))
                            produced += UInt64(count)
                            guard produced <= entry.uncompressedSize else { throw ImportProblem.damaged }
                            try sink(bytes)
                        }
                        if status == Z_STREAM_END {
                            finished = true
                            break
                        }
                    } while stream.avail_out == 0 || stream.avail_in > 0
                }
                progress(entry.compressedSize - remaining)
            }
        default:
            throw ImportProblem.zipUnsupported
        }
        guard UInt32(crc) == entry.crc32, produced == entry.uncompressedSize else { throw ImportProblem.damaged }
    }

    private func read(at offset: UInt64, count: Int) throws -> [UInt8] {
        try file.seek(toOffset: offset)
        return Array(try file.read(upToCount: count) ?? Data())
    }
}

extension [UInt8] {
    func uint16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    func uint32(_ at: Int) -> UInt32 { UInt32(uint16(at)) | UInt32(uint16(at + 2)) << 16 }
    func uint64(_ at: Int) -> UInt64 { UInt64(uint32(at)) | UInt64(uint32(at + 4)) << 32 }
}
