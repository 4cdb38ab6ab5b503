import HearthCore
import HearthHTML

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
    /// The member's API tokens (see `APITokensController.section`).
    let tokens: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "languages": languages
        case "username": username
        case "notice": notice ?? false
        case "reminders": reminders
        case "tokens": tokens
        default: nil
        }
    }
}
