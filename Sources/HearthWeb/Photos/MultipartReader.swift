import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird

/// Reads a `multipart/form-data` body as it arrives: fields into memory, files straight
/// to disk, so twenty 25 MB photos never sit in memory at once.
final class MultipartReader {
    enum Problem: Error, Equatable {
        /// The body ended before its closing boundary: the phone lost Wi-Fi mid-upload.
        case cutOff
        case malformed
        case fieldTooLarge
    }

    struct Part {
        let name: String
        /// Present for file inputs (empty when none was chosen).
        let filename: String?
    }

    private var iterator: RequestBody.AsyncIterator
    /// Unparsed bytes. Starts with CRLF so the first boundary looks like every other one.
    private var buffer: [UInt8] = [13, 10]
    private let delimiter: [UInt8]

    init(body: RequestBody, boundary: String) {
        self.iterator = body.makeAsyncIterator()
        self.delimiter = Array("\r\n--\(boundary)".utf8)
    }

    /// The boundary named in a `multipart/form-data` Content-Type, or nil for anything else.
    static func boundary(contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 200 ? nil : value
            }
        }
        return nil
    }

    /// Moves to the next part and returns its headers, or nil after the closing boundary.
    func nextPart() async throws -> Part? {
        while true {
            if let range = find(delimiter) {
                buffer.removeFirst(range.upperBound)
                break
            }
            // Preamble or the rest of an unread part: keep only what could start a delimiter.
            if buffer.count >= delimiter.count { buffer.removeFirst(buffer.count - delimiter.count + 1) }
            guard try await fill() else { throw Problem.cutOff }
        }
        while buffer.count < 2 { guard try await fill() else { throw Problem.cutOff } }
        if buffer[0] == UInt8(ascii: "-") && buffer[1] == UInt8(ascii: "-") { return nil }
        var headerEnd = find([13, 10, 13, 10])
        while headerEnd == nil {
            guard buffer.count < 16 * 1024 else { throw Problem.malformed }
            guard try await fill() else { throw Problem.cutOff }
            headerEnd = find([13, 10, 13, 10])
        }
        let headers = String(decoding: buffer[0..<headerEnd!.lowerBound], as: UTF8.self)
        buffer.removeFirst(headerEnd!.upperBound)
        return try Self.part(from: headers)
    }

    /// Streams the current part's content to `sink`, up to the next boundary.
    func readContent(_ sink: (ArraySlice<UInt8>) throws -> Void) async throws {
        while true {
            if let range = find(delimiter) {
                try sink(buffer[0..<range.lowerBound])
                buffer.removeFirst(range.lowerBound)
                return
            }
            let safe = buffer.count - delimiter.count + 1
            if safe > 0 {
                try sink(buffer[0..<safe])
                buffer.removeFirst(safe)
            }
            guard try await fill() else { throw Problem.cutOff }
        }
    }

    /// The current part's content as text, refusing more than `limit` bytes.
    func readText(limit: Int) async throws -> String {
        var bytes: [UInt8] = []
        try await readContent { slice in
            bytes.append(contentsOf: slice)
            if bytes.count > limit { throw Problem.fieldTooLarge }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func fill() async throws -> Bool {
        guard let chunk = try await iterator.next() else { return false }
        buffer.append(contentsOf: chunk.readableBytesView)
        return true
    }

    private func find(_ needle: [UInt8]) -> Range<Int>? {
        Self.find(needle, in: buffer)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            let first = needle[0], last = hay.count - needle.count
            var start = 0
            while start <= last {
                // memchr finds candidates for the first byte fast; then compare the rest.
                guard let hit = memchr(hay.baseAddress! + start, Int32(first), last - start + 1) else { return nil }
                start = hay.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(hay.baseAddress! + start, needle, needle.count) == 0 { return start..<start + needle.count }
                start += 1
            }
            return nil
        }
    }

    private static func part(from headers: String) throws -> Part {
        for line in headers.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            var name: String?
            var filename: String?
            for item in line.split(separator: ";").dropFirst() {
                let pair = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                let value = String(pair[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch pair[0].lowercased() {
                case "name": name = value
                case "filename": filename = value
                default: break
                }
            }
            if let name { return Part(name: name, filename: filename) }
        }
        throw Problem.malformed
    }
}

extension MultipartReader {
    /// Reads the first part of a multipart body without losing it: returns its content if
    /// it is the field `name`, and a body that replays everything read so far. This lets the
    /// CSRF check run before any file is written, with the token as the form's first field.
    static func peekFirstField(_ name: String, body: RequestBody, boundary: String) async throws -> (String?, RequestBody) {
        let replay = Replay(body.makeAsyncIterator())
        let delimiter = Array("--\(boundary)".utf8)
        var value: String?
        while replay.prefix.count < 64 * 1024, try await replay.read() {
            let bytes = replay.prefix
            guard let first = find(delimiter, in: bytes) else { continue }
            let afterFirst = Array(bytes[first.upperBound...])
            guard let headerEnd = find([13, 10, 13, 10], in: afterFirst),
                let second = find([13, 10] + delimiter, in: Array(afterFirst[headerEnd.upperBound...]))
            else { continue }
            let headers = String(decoding: afterFirst[0..<headerEnd.lowerBound], as: UTF8.self)
            if let part = try? Self.part(from: headers), part.name == name, part.filename == nil {
                let content = afterFirst[headerEnd.upperBound...].prefix(second.lowerBound)
                value = String(decoding: content, as: UTF8.self)
            }
            break
        }
        return (value, RequestBody(asyncSequence: replay))
    }

    /// The bytes already read, then the rest of the original body. Iterated once, in order.
    final class Replay: AsyncSequence, @unchecked Sendable {
        typealias Element = ByteBuffer
        private(set) var prefix: [UInt8] = []
        private var source: RequestBody.AsyncIterator
        private var replayed = false

        init(_ source: RequestBody.AsyncIterator) { self.source = source }

        func read() async throws -> Bool {
            guard let chunk = try await source.next() else { return false }
            prefix.append(contentsOf: chunk.readableBytesView)
            return true
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            let replay: Replay
            mutating func next() async throws -> ByteBuffer? {
                if !replay.replayed {
                    replay.replayed = true
                    if !replay.prefix.isEmpty { return ByteBuffer(bytes: replay.prefix) }
                }
                return try await replay.source.next()
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(replay: self) }
    }
}
