import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body as plain fields. Forms are validated in
/// HearthCore from these strings, so a malformed number becomes a field error, not a 400.
struct FormData: Sendable {
    var fields: [String: String]

    init(fields: [String: String]) { self.fields = fields }

    init(urlEncoded body: String) {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            guard !name.isEmpty else { continue }
            fields[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
        self.fields = fields
    }

    subscript(name: String) -> String? { fields[name] }

    /// A GET form's fields from the query string. Browsers write a space as "+", which
    /// Hummingbird's `queryParameters` keeps as "+" ("Vitamin+D"); this reads it as a form.
    static func query(_ request: Request) -> FormData {
        FormData(urlEncoded: request.uri.query ?? "")
    }

    /// Reads the body of a form post (once; the request keeps the collected body).
    static func read(_ request: inout Request, context: AppRequestContext) async throws -> FormData {
        guard Self.isURLEncoded(request) else { return FormData(fields: [:]) }
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        return FormData(urlEncoded: String(buffer: buffer))
    }

    static func isURLEncoded(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
    }

    /// Percent-decodes to bytes, then reads them as UTF-8. Bytes that are not UTF-8 become
    /// U+FFFD and NUL stays NUL, so validation can refuse the field by name; Foundation's
    /// `removingPercentEncoding` answered nil, and the note a person typed was saved as none.
    static func decode(_ raw: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                // A stray "%" (not followed by two hex digits) is kept as typed.
                guard let high = iterator.next() else {
                    bytes.append(byte)
                    break
                }
                guard let low = iterator.next() else {
                    bytes += [byte, high]
                    break
                }
                if let high4 = hexValue(high), let low4 = hexValue(low) { bytes.append(high4 << 4 | low4) } else { bytes += [byte, high, low] }
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
