import HearthCore
import HearthHTML

/// `/settings`: the household's name, time zone, language and units.
struct SettingsPage: Page {
    static let template = "household/settings"
    static let fieldNames = ["household_name", "time_zone", "language", "weight_unit", "volume_unit", "currency"]
    let fields: FormFields
    /// The zones as `<option>`s.
    let timeZones: HTML
    let languages: [OptionView]
    let weightUnits: [OptionView]
    let volumeUnits: [OptionView]
    let saved: Bool
    let hasErrors: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "timeZones": timeZones
        case "languages": languages
        case "weightUnits": weightUnits
        case "volumeUnits": volumeUnits
        case "saved": saved
        case "hasErrors": hasErrors
        default: nil
        }
    }
}
