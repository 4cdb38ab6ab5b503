import HearthHTML

/// Adding or changing a regimen (a change holds from today on).
struct RegimenFormPage: Page {
    static let template = "regimens/form"
    let heading: String
    let action: String
    let cancel: String
    let subjectID: Int64
    let isEdit: Bool
    let fields: FormFields
    let problems: FormProblems
    let items: HTML
    let times: HTML
    let weekdays: HTML
    let repeats: [OptionView]
    let ends: [OptionView]
    /// How to take the catalogue item picked ("Add to a regimen" from its page).
    let hint: String?
    /// A pet's latest weight, beside the mg per kg fields.
    let weight: String?
    let remind: Bool
    /// What the DUR lists say of the medicines typed, asked once before saving.
    let interactions: HTML
    let interactionsSeen: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "subjectID": subjectID
        case "isEdit": isEdit
        case "fields": fields
        case "items": items
        case "times": times
        case "weekdays": weekdays
        case "repeats": repeats
        case "ends": ends
        case "hint": hint ?? false
        case "weight": weight ?? false
        case "remind": remind
        case "interactions": interactions
        case "interactionsSeen": interactionsSeen ?? false
        default: problems.child(named: name)
        }
    }
}
