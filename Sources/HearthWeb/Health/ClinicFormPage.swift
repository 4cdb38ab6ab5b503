import HearthHTML

/// Adding or editing a clinic: name, phone, address, hours for each weekday, flags, note.
struct ClinicFormPage: Page {
    static let template = "health/clinic-form"
    static let fieldNames = ["name", "phone", "address", "open_24_hours", "favourite", "note"] + (0..<7).map { "hours_\($0)" }

    struct Day: PagePart {
        let field: String
        let label: String
        let value: String
        let error: String?

        func child(named name: String) -> Any? {
            switch name {
            case "field": field
            case "label": label
            case "value": value
            case "error": error ?? false
            default: nil
            }
        }
    }

    let heading: String
    let action: String
    let fields: FormFields
    let problems: FormProblems
    let days: [Day]
    let open24Hours: Bool
    let favourite: Bool
    /// An imported clinic with "24" in its name, waiting for the household to confirm.
    let maybe24Hours: Bool
    let deleteAction: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "fields": fields
        case "days": days
        case "open24Hours": open24Hours
        case "favourite": favourite
        case "maybe24Hours": maybe24Hours
        case "deleteAction": deleteAction ?? false
        default: problems.child(named: name)
        }
    }
}
