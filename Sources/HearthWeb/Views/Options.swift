import HearthCore

extension Localization {
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
