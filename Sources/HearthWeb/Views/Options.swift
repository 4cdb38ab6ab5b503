import HearthCore
import HearthHTML

/// An `<optgroup>` of time zones.
struct TimeZoneGroup: PagePart {
    let label: String
    let options: [OptionView]

    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "options": options
        default: nil
        }
    }
}

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

    /// Every zone as `<option>`s, one selected. Made once: the settings page's 400 zones were
    /// most of its time as a Mustache loop.
    func timeZoneOptions(selected: String) -> HTML {
        Self.zoneOptions.map { $0.zone == selected ? $0.selected : $0.plain }.joined()
    }

    private static let zoneOptions: [(zone: String, plain: HTML, selected: HTML)] = TimeZones.all.map { zone in
        (zone, OptionView.html([zoneOption(zone, selected: false)]), OptionView.html([zoneOption(zone, selected: true)]))
    }

    /// A zone as the list says it: "America/New York".
    private static func zoneOption(_ zone: String, selected: Bool) -> OptionView {
        OptionView(value: zone, label: zone.replacingOccurrences(of: "_", with: " "), selected: selected)
    }

    /// The zones in two groups: the likely ones first (each once), then every zone.
    func timeZoneOptions(selected: String, likely: [String], _ language: Language) -> [TimeZoneGroup] {
        var first: [String] = []
        for zone in likely where !first.contains(zone) && TimeZones.isKnown(zone) { first.append(zone) }
        // A zone is selected once: in the likely group when it is there.
        return [
            TimeZoneGroup(label: text("setup.zones_likely", language), options: first.map { Self.zoneOption($0, selected: $0 == selected) }),
            TimeZoneGroup(
                label: text("setup.zones_all", language), options: TimeZones.all.map { Self.zoneOption($0, selected: $0 == selected && !first.contains($0)) }),
        ]
    }
}
