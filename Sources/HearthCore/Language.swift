import Foundation

/// The languages Hearth speaks. Every user-facing string exists in each.
public enum Language: String, Codable, Sendable, CaseIterable {
    case ko
    case en

    /// Picks the best supported language from an `Accept-Language` header,
    /// honouring q-values; nil when the header names none we speak.
    public static func negotiate(acceptLanguage header: String?) -> Language? {
        guard let header, !header.isEmpty else { return nil }
        var best: (language: Language, quality: Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard quality > 0, let language = Language(rawValue: primary) else { continue }
            if best == nil || quality > best!.quality {
                best = (language, quality)
            }
        }
        return best?.language
    }
}
