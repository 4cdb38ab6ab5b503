import HearthCore
import HearthHTML

/// `/setup`: the household's name, time zone and language, and the first owner.
struct SetupPage: Page {
    static let template = "household/setup"
    static let fieldNames = ["household_name", "time_zone", "language", "username", "display_name", "password", "password_confirm"]
    let fields: FormFields
    let timeZones: [TimeZoneGroup]
    let languages: [OptionView]
    let hasErrors: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "timeZones": timeZones
        case "languages": languages
        case "hasErrors": hasErrors
        default: nil
        }
    }
}
