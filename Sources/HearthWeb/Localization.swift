import Foundation
import HearthCore

/// The user-facing strings: one JSON file per language under `Templates/i18n/`, nested by
/// area, the same keys in each. Neither templates nor Swift hold user-facing text.
/// Swift looks strings up by dotted key (`login.failed`); templates walk the tree (`{{t.login.failed}}`).
public struct Localization: @unchecked Sendable {
    // Loaded once and never mutated, so sharing the untyped tree across tasks is safe.
    private let trees: [Language: [String: Any]]
    let flat: [Language: [String: String]]

    public init(directory: String) throws {
        var trees: [Language: [String: Any]] = [:]
        var flat: [Language: [String: String]] = [:]
        for language in Language.allCases {
            let url = URL(fileURLWithPath: directory).appendingPathComponent("\(language.rawValue).json")
            guard let tree = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
            }
            trees[language] = tree
            flat[language] = Self.flatten(tree)
        }
        self.trees = trees
        self.flat = flat
    }

    /// All strings of one language as a tree, for templates.
    func table(_ language: Language) -> [String: Any] { trees[language] ?? [:] }

    /// One string; falls back to English, then to the key itself so a gap is visible, not blank.
    func text(_ key: String, _ language: Language) -> String {
        flat[language]?[key] ?? flat[.en]?[key] ?? key
    }

    /// A string with `{name}` placeholders filled in.
    func text(_ key: String, _ language: Language, _ values: [String: String]) -> String {
        values.reduce(text(key, language)) { result, pair in
            result.replacingOccurrences(of: "{\(pair.key)}", with: pair.value)
        }
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
