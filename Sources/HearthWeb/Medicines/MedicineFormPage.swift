import HearthHTML

/// Adding or editing a catalogue item.
struct MedicineFormPage: Page {
    static let template = "medicines/form"
    let heading: String
    let action: String
    let cancel: String
    let fields: FormFields
    let problems: FormProblems
    let kinds: [OptionView]
    let prescription: [OptionView]
    /// The item's photo as it stands, on an edit.
    let photo: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "fields": fields
        case "kinds": kinds
        case "prescription": prescription
        case "photo": photo ?? false
        default: problems.child(named: name)
        }
    }
}
