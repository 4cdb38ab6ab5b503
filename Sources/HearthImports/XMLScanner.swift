#if canImport(Glibc)
import Glibc
#endif
import HearthCore

/// What the scanner tells its reader: elements opening and closing, with their raw bytes.
/// The bytes are valid only during the call.
protocol XMLElementReader {
    mutating func start(_ element: XMLElement) throws
    mutating func end(name: UnsafeRawBufferPointer, depth: Int) throws
}

/// One start tag: its name and attributes as raw bytes (entities left as written: the
/// values a reader needs are numbers, dates and identifiers).
struct XMLElement {
    let name: UnsafeRawBufferPointer
    /// 1 for the root.
    let depth: Int
    let selfClosing: Bool
    private let attributes: UnsafeRawBufferPointer

    init(name: UnsafeRawBufferPointer, depth: Int, selfClosing: Bool, attributes: UnsafeRawBufferPointer) {
        (self.name, self.depth, self.selfClosing, self.attributes) = (name, depth, selfClosing, attributes)
    }

    func isNamed(_ text: StaticString) -> Bool { bytesEqual(name, text) }

    /// Calls `body` with each attribute's name and value, in order, in one pass.
    func forEachAttribute(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) throws {
        var i = 0
        let count = attributes.count
        while i < count {
            while i < count && isSpace(attributes[i]) { i += 1 }
            let nameStart = i
            while i < count && attributes[i] != UInt8(ascii: "=") && !isSpace(attributes[i]) { i += 1 }
            let nameEnd = i
            while i < count && isSpace(attributes[i]) { i += 1 }
            guard i < count, attributes[i] == UInt8(ascii: "=") else {
                if nameStart == nameEnd || attributes[nameStart] == UInt8(ascii: "/") { return }
                throw XMLProblem.malformed
            }
            i += 1
            while i < count && isSpace(attributes[i]) { i += 1 }
            guard i < count, attributes[i] == UInt8(ascii: "\"") || attributes[i] == UInt8(ascii: "'") else { throw XMLProblem.malformed }
            let quote = attributes[i]
            i += 1
            let valueStart = i
            while i < count && attributes[i] != quote { i += 1 }
            guard i < count else { throw XMLProblem.malformed }
            try body(UnsafeRawBufferPointer(rebasing: attributes[nameStart..<nameEnd]), UnsafeRawBufferPointer(rebasing: attributes[valueStart..<i]))
            i += 1
        }
    }
}

enum XMLProblem: Error, Equatable {
    /// Not XML at all: the first thing in the file is not markup.
    case notXML
    /// Markup that does not close, an end tag that does not match, or a tag too long to be real.
    case malformed
    /// The file ended before the root element closed: cut off.
    case truncated
    /// Elements nested deeper than any export nests them (`XMLScanner.deepest`).
    case tooDeep
}

/// A streaming XML tokenizer for machine-written exports: it is fed the file in chunks of any
/// size, keeps only the unfinished tail between them, and reports start and end tags. It
/// skips the prolog, comments, processing instructions, CDATA and a DOCTYPE with an internal
/// subset. It checks that tags nest and that the root closes, which is all a reader of
/// records needs to trust that nothing was cut off.
struct XMLScanner {
    private var pending: [UInt8] = []
    private var stack: [[UInt8]] = []
    private var sawRoot = false
    private var rootClosed = false
    /// A tag longer than this is not a tag (a file of garbage would otherwise be buffered whole).
    static let longestMarkup = 4 * 1024 * 1024
    /// Apple Health nests four levels; a file of unclosed tags would otherwise keep a name per
    /// level (100 million of them in 306 KB of zip took 5.8 GB).
    static let deepest = ImportLimits.xmlDepth

    mutating func feed<Reader: XMLElementReader>(_ chunk: UnsafeRawBufferPointer, into reader: inout Reader) throws {
        guard chunk.count > 0 else { return }
        if pending.isEmpty {
            // Most chunks are scanned where they lie; only an unfinished tag at the end is copied.
            let used = try scan(chunk, into: &reader)
            if used < chunk.count { pending.append(contentsOf: chunk[used...]) }
        } else {
            var buffer = pending
            pending = []
            buffer.append(contentsOf: chunk)
            let used = try buffer.withUnsafeBytes { try scan($0, into: &reader) }
            buffer.removeFirst(used)
            pending = buffer
        }
        if pending.count > Self.longestMarkup { throw XMLProblem.malformed }
    }

    /// The end of the file: everything opened must have closed.
    func finish() throws {
        guard sawRoot else { throw pending.allSatisfy(isSpace) ? XMLProblem.truncated : XMLProblem.notXML }
        guard rootClosed, pending.allSatisfy(isSpace) else { throw XMLProblem.truncated }
    }

    /// Scans complete markup; returns how many bytes were used (the rest waits for more).
    private mutating func scan<Reader: XMLElementReader>(_ bytes: UnsafeRawBufferPointer, into reader: inout Reader) throws -> Int {
        let base = bytes.baseAddress!
        let count = bytes.count
        var position = 0
        while position < count {
            guard let hit = memchr(base + position, Int32(UInt8(ascii: "<")), count - position) else {
                try checkText(UnsafeRawBufferPointer(start: base + position, count: count - position))
                return count
            }
            let open = base.distance(to: UnsafeRawPointer(hit))
            try checkText(UnsafeRawBufferPointer(start: base + position, count: open - position))
            guard let end = try markupEnd(bytes, from: open) else { return open }
            try handleMarkup(UnsafeRawBufferPointer(start: base + open, count: end - open), into: &reader)
            position = end
        }
        return count
    }

    /// Outside the root only white space may stand; inside it, text is skipped.
    private func checkText(_ text: UnsafeRawBufferPointer) throws {
        if stack.isEmpty, !text.allSatisfy(isSpace) { throw sawRoot ? XMLProblem.malformed : XMLProblem.notXML }
    }

    /// Where the markup starting at `open` ends (one past its last byte), or nil if it has not all arrived.
    private func markupEnd(_ bytes: UnsafeRawBufferPointer, from open: Int) throws -> Int? {
        let count = bytes.count
        func find(_ terminator: StaticString, from start: Int) -> Int? {
            let length = terminator.utf8CodeUnitCount
            var i = start
            while i + length <= count {
                if memcmp(bytes.baseAddress! + i, terminator.utf8Start, length) == 0 { return i + length }
                i += 1
            }
            return nil
        }
        // nil: the bytes so far agree with the prefix, but not all of it has arrived.
        func startsWith(_ prefix: StaticString) -> Bool? {
            let length = prefix.utf8CodeUnitCount
            let available = min(length, count - open)
            if memcmp(bytes.baseAddress! + open, prefix.utf8Start, available) != 0 { return false }
            return available == length ? true : nil
        }
        guard let comment = startsWith("<!--"), let cdata = startsWith("<![CDATA["), let pi = startsWith("<?"), let declaration = startsWith("<!D") else {
            return nil
        }
        if comment { return find("-->", from: open + 4) }
        if cdata { return find("]]>", from: open + 9) }
        if pi { return find("?>", from: open + 2) }
        if declaration { return doctypeEnd(bytes, from: open) }
        // A tag: the first '>' outside quotes.
        var quote: UInt8 = 0
        var i = open + 1
        while i < count {
            let byte = bytes[i]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return i + 1
            } else if byte == UInt8(ascii: "<") {
                throw XMLProblem.malformed
            }
            i += 1
        }
        return nil
    }

    /// `<!DOCTYPE … [ internal subset ]>`: brackets, quotes and comments (which may hold either) tracked.
    private func doctypeEnd(_ bytes: UnsafeRawBufferPointer, from open: Int) -> Int? {
        var depth = 0
        var quote: UInt8 = 0
        var i = open + 2
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "<"), i + 3 < count, bytes[i + 1] == UInt8(ascii: "!"), bytes[i + 2] == UInt8(ascii: "-"),
                bytes[i + 3] == UInt8(ascii: "-")
            {
                var j = i + 4
                while j + 2 < count && !(bytes[j] == UInt8(ascii: "-") && bytes[j + 1] == UInt8(ascii: "-") && bytes[j + 2] == UInt8(ascii: ">")) { j += 1 }
                guard j + 2 < count else { return nil }
                i = j + 2
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                return i + 1
            }
            i += 1
        }
        return nil
    }

    private mutating func handleMarkup<Reader: XMLElementReader>(_ markup: UnsafeRawBufferPointer, into reader: inout Reader) throws {
        let second = markup[1]
        if second == UInt8(ascii: "?") || second == UInt8(ascii: "!") {
            // A DOCTYPE or CDATA inside the root, or markup after it, is not what an export holds.
            if second == UInt8(ascii: "!"), markup.count > 2, markup[2] != UInt8(ascii: "-"), sawRoot && stack.isEmpty { throw XMLProblem.malformed }
            return
        }
        if second == UInt8(ascii: "/") {
            var nameEnd = 2
            while nameEnd < markup.count - 1 && !isSpace(markup[nameEnd]) { nameEnd += 1 }
            let name = UnsafeRawBufferPointer(rebasing: markup[2..<nameEnd])
            guard let open = stack.last, open.elementsEqual(name) else { throw XMLProblem.malformed }
            try reader.end(name: name, depth: stack.count)
            stack.removeLast()
            if stack.isEmpty { rootClosed = true }
            return
        }
        guard !rootClosed else { throw XMLProblem.malformed }
        let selfClosing = markup[markup.count - 2] == UInt8(ascii: "/")
        var nameEnd = 1
        let last = markup.count - (selfClosing ? 2 : 1)
        while nameEnd < last && !isSpace(markup[nameEnd]) { nameEnd += 1 }
        guard nameEnd > 1 else { throw XMLProblem.malformed }
        let name = UnsafeRawBufferPointer(rebasing: markup[1..<nameEnd])
        sawRoot = true
        let element = XMLElement(
            name: name, depth: stack.count + 1, selfClosing: selfClosing,
            attributes: UnsafeRawBufferPointer(rebasing: markup[nameEnd..<last]))
        try reader.start(element)
        if selfClosing {
            try reader.end(name: name, depth: stack.count + 1)
            if stack.isEmpty { rootClosed = true }
        } else {
            guard stack.count < Self.deepest else { throw XMLProblem.tooDeep }
            stack.append(Array(name))
        }
    }
}

@inline(__always) func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

func bytesEqual(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount else { return false }
    return bytes.count == 0 || memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0
}
