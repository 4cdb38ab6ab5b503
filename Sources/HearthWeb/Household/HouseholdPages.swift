import HearthCore
import HearthHTML

// The pages of the household's own area: setting up, signing in, members, settings and
// the member's own account. Each model answers its template's names beside its fields.

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

/// `/login`.
struct SignInPage: Page {
    static let template = "household/login"
    let username: String
    /// Where to go after signing in (a same-site path), or "".
    let next: String
    let message: String?

    func child(named name: String) -> Any? {
        switch name {
        case "username": username
        case "next": next
        case "message": message ?? false
        default: nil
        }
    }
}

/// `/accounts`: every member with their role, and the form that adds one.
struct AccountsPage: Page {
    static let template = "household/accounts"
    static let fieldNames = ["username", "display_name", "password", "role", "language"]
    let members: [MemberRow]
    let fields: FormFields
    let roles: [OptionView]
    let languages: [OptionView]
    let notice: String?
    let problem: String?

    struct MemberRow: PagePart {
        let id: Int64
        let displayName: String
        let username: String
        let roleLabel: String
        let roles: [OptionView]
        let disabled: Bool
        let isSelf: Bool
        /// Whom the member sees, in words; and the form to change it (not for owners).
        let sees: String
        let limited: Bool
        let canLimit: Bool
        let subjects: [CheckboxView]

        func child(named name: String) -> Any? {
            switch name {
            case "sees": sees
            case "limited": limited
            case "canLimit": canLimit
            case "subjects": subjects
            case "id": id
            case "displayName": displayName
            case "username": username
            case "roleLabel": roleLabel
            case "roles": roles
            case "disabled": disabled
            case "isSelf": isSelf
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "members": members
        case "fields": fields
        case "roles": roles
        case "languages": languages
        case "notice": notice ?? false
        case "problem": problem ?? false
        default: nil
        }
    }
}

/// `/settings`: the household's name, time zone, language and units.
struct SettingsPage: Page {
    static let template = "household/settings"
    static let fieldNames = ["household_name", "time_zone", "language", "weight_unit", "volume_unit", "currency"]
    let fields: FormFields
    let timeZones: [OptionView]
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

/// `/me`: the member's own name, language and password.
struct MyAccountPage: Page {
    static let template = "household/me"
    static let fieldNames = ["display_name", "language", "current_password", "new_password", "new_password_confirm"]
    let fields: FormFields
    let languages: [OptionView]
    let username: String
    let notice: String?
    /// The calendar feed and push reminders (see `RemindersController.section`).
    let reminders: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "languages": languages
        case "username": username
        case "notice": notice ?? false
        case "reminders": reminders
        default: nil
        }
    }
}
