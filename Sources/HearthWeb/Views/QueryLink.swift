import Foundation

/// A link with a query string, each name and value percent-encoded, so free text (a search,
/// a filter) can never end the value early or add a parameter of its own.
enum QueryLink {
    /// Unreserved characters only (RFC 3986): everything else in a name or value is encoded.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `/pets/1/timeline?from=2026-01-01&kind=meal`, parameters in name order so a link is
    /// always written the same way; no `?` when there are none.
    static func make(_ path: String, _ parameters: [String: String]) -> String {
        guard !parameters.isEmpty else { return path }
        let query = parameters.sorted { $0.key < $1.key }.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: "&")
        return path + "?" + query
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
