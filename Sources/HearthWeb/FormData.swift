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
            guard let name = Self.decode(parts[0]), !name.isEmpty else { continue }
            fields[name] = parts.count > 1 ? (Self.decode(parts[1]) ?? "") : ""
        }
        self.fields = fields
    }

    subscript(name: String) -> String? { fields[name] }

    /// Reads the body of a form post (once; the request keeps the collected body).
    static func read(_ request: inout Request, context: AppRequestContext) async throws -> FormData {
        guard Self.isURLEncoded(request) else { return FormData(fields: [:]) }
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        return FormData(urlEncoded: String(buffer: buffer))
    }

    static func isURLEncoded(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
    }

    private static func decode(_ raw: Substring) -> String? {
        raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
