/// `/people/new` and `/people/{id}/edit`.
struct PersonFormPage: Page {
    static let template = "people/form"
    static let fieldNames = ["name", "birth_date", "sex", "colour", "account_id", "photo"]
    let fields: FormFields
    let sexes: [OptionView]
    let colours: [Colour]
    let accounts: [OptionView]
    let problems: FormProblems
    let action: String
    let cancel: String
    let heading: String
    /// The latest date a birth date may have.
    let today: String

    /// A colour choice, shown as a swatch beside its name.
    struct Colour: PagePart {
        let value: String
        let label: String
        let selected: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "value": value
            case "label": label
            case "selected": selected
            default: nil
            }
        }
    }

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
