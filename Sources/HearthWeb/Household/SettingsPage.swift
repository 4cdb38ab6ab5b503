import HearthCore
import HearthHTML

/// `/settings`: the household's name, time zone, language and units; how long the bin and the
/// history keep what they hold.
struct SettingsPage: Page {
    static let template = "household/settings"
    static let fieldNames = ["household_name", "time_zone", "language", "weight_unit", "volume_unit", "currency"]
    static let keepingNames = ["bin_days", "history_years"]
    let fields: FormFields
    let keeping: FormFields
    /// The zones as `<option>`s.
    let timeZones: HTML
    let languages: [OptionView]
    let weightUnits: [OptionView]
    let volumeUnits: [OptionView]
    let historyYears: [OptionView]
    /// "287,981 changes, 64 MB".
    let historySize: String
    let saved: Bool
    let keepingSaved: Bool
    let hasErrors: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "keeping": keeping
        case "historyYears": historyYears
        case "historySize": historySize
        case "keepingSaved": keepingSaved
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
