/// `/people/new` and `/people/{id}/edit`.
struct PersonFormPage: Page {
    static let template = "people/form"
    static let fieldNames = ["name", "birth_date", "sex", "colour", "account_id", "photo"]
    let fields: FormFields
    let sexes: [OptionView]
    /// Shown as radio buttons, each with a swatch of its colour.
    let colours: [OptionView]
    let accounts: [OptionView]
    let problems: FormProblems
    let action: String
    let cancel: String
    let heading: String
    /// The latest date a birth date may have.
    let today: String

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "sexes": sexes
        case "colours": colours
        case "accounts": accounts
        case "action": action
        case "cancel": cancel
        case "heading": heading
        case "today": today
        default: problems.child(named: name)
        }
    }
}
