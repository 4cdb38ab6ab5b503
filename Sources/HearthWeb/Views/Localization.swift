import HearthHTML
import Foundation
import HearthCore

/// The user-facing strings: a folder per language under `Templates/i18n/` (`ko/`, `en/`), a
/// JSON file per area in each (`pets.json`: its words, nested under the area's keys), the
/// same files and keys in every language. Neither templates nor Swift hold user-facing text.
/// Swift looks strings up by dotted key (`login.failed`); templates name them `{{t.login.failed}}`,
/// filled in once when the templates are loaded (see `resolve`).
public struct Localization: Sendable {
    let flat: [Language: [String: String]]
    /// In tests (`HEARTH_STRICT_STRINGS=1`), a key the member's language lacks renders as
    /// `⟦missing ko: key⟧`, which the test browser fails on, instead of English or the key.
    let strict: Bool

    public static var strictByDefault: Bool { ProcessInfo.processInfo.environment["HEARTH_STRICT_STRINGS"] == "1" }

    public init(directory: String, strict: Bool = Localization.strictByDefault) throws {
        self.strict = strict
        var flat: [Language: [String: String]] = [:]
        for language in Language.allCases {
            let folder = URL(fileURLWithPath: directory).appendingPathComponent(language.rawValue)
            var tree: [String: Any] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
                let url = folder.appendingPathComponent(file)
                guard let part = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
                }
                // An area's words are its own: a key two files both hold is a mistake, not an override.
                if let twice = part.keys.first(where: { tree[$0] != nil }) {
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "\(twice) is in two files"])
                }
                tree.merge(part) { first, _ in first }
            }
            flat[language] = Self.flatten(tree)
        }
        self.flat = flat
    }

    /// A template's source with every `{{t.key}}` replaced by that string, HTML-escaped, so
    /// pages look nothing up per request. A `{` in a string is written as `&#123;` so the
    /// text can never become a Mustache tag.
    func resolve(_ template: String, _ language: Language) -> String {
        template.replacing(/\{\{t\.([a-z0-9_.]+)\}\}/) { match in
            FastHTMLEscaping.escape(text(String(match.output.1), language)).replacingOccurrences(of: "{", with: "&#123;")
        }
    }

    /// One string; falls back to English, then to the key itself so a gap is visible, not blank.
    func text(_ key: String, _ language: Language) -> String {
        if let text = flat[language]?[key] { return text }
        if strict { return Self.missing(key, language) }
        return flat[.en]?[key] ?? key
    }

    /// What a missing string renders as under `strict`.
    static func missing(_ key: String, _ language: Language) -> String { "⟦missing \(language.rawValue): \(key)⟧" }

    /// True when `key` is in every language's file.
    func has(_ key: String) -> Bool { Language.allCases.allSatisfy { flat[$0]?[key] != nil } }

    /// A string with `{name}` placeholders filled in.
    func text(_ key: String, _ language: Language, _ values: [String: String]) -> String {
        let template = text(key, language)
        guard !values.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        // One pass over the bytes (braces are ASCII, so every cut falls between characters);
        // runs for several strings of every record on a page.
        var result = ""
        var rest = template.utf8[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "{")) {
            result += Substring(rest[..<open])
            // A `{` that nothing closes is text: the rest goes out as it is, once.
            guard let close = rest[open...].firstIndex(of: UInt8(ascii: "}")) else {
                result += Substring(rest[open...])
                return result
            }
            let name = String(Substring(rest[rest.index(after: open)..<close]))
            result += values[name] ?? String(Substring(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        result += Substring(rest)
        return result
    }

    private static func flatten(_ tree: [String: Any], prefix: String = "") -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in tree {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            if let string = value as? String {
                result[path] = string
            } else if let subtree = value as? [String: Any] {
                result.merge(flatten(subtree, prefix: path)) { first, _ in first }
            }
        }
        return result
    }
}
