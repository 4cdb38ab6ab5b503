import HearthCore

/// One form field as a template sees it: what the member typed and what is wrong with it.
struct FieldView {
    let value: String
    let error: String?
}

/// One choice of a `<select>`.
struct OptionView {
    let value: String
    let label: String
    let selected: Bool

    /// The `<option>`s as HTML, for a `<select>` repeated down a busy page (one per food on a
    /// pet's page), where Mustache's three lookups per option cost more than the rest of the
    /// page. Escaped as `{{value}}` is; the template includes it with `{{{…}}}`.
    static func html(_ options: [OptionView]) -> String {
        let e = FastHTMLEscaping.escape
        return options.map { #"<option value="\#(e($0.value))"\#($0.selected ? " selected" : "")>\#(e($0.label))</option>"# }.joined()
    }
}

extension Localization {
    /// Field views for a form re-rendered after a validation error (or shown fresh).
    func fields(_ input: [String: String], errors: FieldErrors = FieldErrors(), _ language: Language) -> [String: FieldView] {
        var fields: [String: FieldView] = [:]
        for name in Set(input.keys).union(errors.messages.keys) {
            fields[name] = FieldView(value: input[name] ?? "", error: errors[name].map { text($0, language) })
        }
        return fields
    }

    func languageOptions(selected: String?, includeHouseholdDefault: Bool = false, _ language: Language) -> [OptionView] {
        var options: [OptionView] = []
        if includeHouseholdDefault {
            options.append(OptionView(value: "", label: text("language.household_default", language), selected: (selected ?? "").isEmpty))
        }
        // Each language is named in itself, so a member can find theirs whatever the page's language.
        options += Language.allCases.map { OptionView(value: $0.rawValue, label: text("language.name", $0), selected: selected == $0.rawValue) }
        return options
    }

    func roleOptions(selected: String?, _ language: Language) -> [OptionView] {
        Role.allCases.map { OptionView(value: $0.rawValue, label: text("role.\($0.rawValue)", language), selected: selected == $0.rawValue) }
    }

    func timeZoneOptions(selected: String) -> [OptionView] {
        TimeZones.all.map { OptionView(value: $0, label: $0.replacingOccurrences(of: "_", with: " "), selected: $0 == selected) }
    }
}
