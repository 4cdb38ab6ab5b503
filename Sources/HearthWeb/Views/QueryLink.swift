/// A link with a query string, each name and value percent-encoded, so free text (a search,
/// a filter) can never end the value early or add a parameter of its own.
enum QueryLink {
    /// `/pets/1/timeline?from=2026-01-01&kind=meal`, parameters in name order so a link is
    /// always written the same way; no `?` when there are none.
    static func make(_ path: String, _ parameters: [String: String]) -> String {
        guard !parameters.isEmpty else { return path }
        let query = parameters.sorted { $0.key < $1.key }.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: "&")
        return path + "?" + query
    }

    /// Unreserved characters (RFC 3986) stay; every other byte of the UTF-8 is `%XX`. Byte
    /// by byte: Foundation's `addingPercentEncoding` cost a timeline page 3% of its time.
    static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
