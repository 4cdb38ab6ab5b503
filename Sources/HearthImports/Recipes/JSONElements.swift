import Foundation

/// Finds the elements of a large JSON array without building the document: a book of 10,000
/// recipes parsed whole took 345 MB, thirty times its size. Each element is then parsed on
/// its own and let go. One pass over the bytes, strings and escapes tracked; it does not
/// check the JSON (each element's own parse does), it only cuts where the commas are.
enum JSONElements {
    /// The byte ranges of the elements of the first array that is the document itself, or
    /// the value of a key named `key` (at any depth); nil when there is none.
    static func ranges(_ bytes: UnsafeBufferPointer<UInt8>, key: StaticString) -> [Range<Int>]? {
        guard let open = arrayStart(bytes, key: key) else { return nil }
        var ranges: [Range<Int>] = []
        var depth = 0, inString = false, escaped = false
        var start = open + 1
        var index = open
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
            } else {
                switch byte {
                case 0x22: inString = true
                case 0x5B, 0x7B: depth += 1
                case 0x5D, 0x7D:
                    depth -= 1
                    if depth == 0 {
                        if hasContent(bytes, start..<index) { ranges.append(start..<index) }
                        return ranges
                    }
                case 0x2C where depth == 1:
                    ranges.append(start..<index)
                    start = index + 1
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// Where the array begins: the document's first byte, or the `[` after `"key":`.
    private static func arrayStart(_ bytes: UnsafeBufferPointer<UInt8>, key: StaticString) -> Int? {
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == 0x5B { return index }
        let name = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        var inString = false, escaped = false, stringStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                    if index - stringStart == name.count, bytes[stringStart..<index].elementsEqual(name) {
                        var next = index + 1
                        while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                        if next < bytes.count, bytes[next] == 0x3A {
                            next += 1
                            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                            if next < bytes.count, bytes[next] == 0x5B { return next }
                        }
                    }
                }
            } else if byte == 0x22 {
                inString = true
                stringStart = index + 1
            }
            index += 1
        }
        return nil
    }

    private static func hasContent(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.contains { !isSpace(bytes[$0]) }
    }
}
