import Foundation
import HearthCore

/// What `hearth user …` says, from the same string files as the pages, in the language of
/// the terminal (`LC_ALL`, `LC_MESSAGES` or `LANG`: `ko_KR.UTF-8` is Korean), else the
/// household's, else English.
public struct CommandLineText: Sendable {
    let strings: Localization
    public let language: Language

    /// - Parameters:
    ///   - resourcesDirectory: the folder holding `Templates/`.
    ///   - environment: where the terminal's locale is read from.
    ///   - householdLanguage: the household's own language, when the data folder has one.
    public init(resourcesDirectory: String, environment: [String: String] = ProcessInfo.processInfo.environment, householdLanguage: Language? = nil) throws {
        strings = try Localization(directory: (resourcesDirectory as NSString).appendingPathComponent("Templates/i18n"))
        language = Self.terminalLanguage(environment) ?? householdLanguage ?? .en
    }

    /// The first of the locale variables that is set names the language; "C" and "POSIX" name none.
    static func terminalLanguage(_ environment: [String: String]) -> Language? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return Language(rawValue: String(value.prefix(2)).lowercased())
        }
        return nil
    }

    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        strings.text(key, language, values)
    }

    /// "Username: A username has 3 to 32 characters." for each field of a refused form.
    public func problems(_ errors: FieldErrors) -> String {
        errors.messages.map { field, key in "\(text("field.\(field)")): \(text(key, errors.values[field] ?? [:]))" }.sorted().joined(separator: "\n")
    }

    public func role(_ role: Role) -> String { text("role.\(role.rawValue)") }
}
