import HearthHTML

/// Adding or changing a routine.
struct RoutineFormPage: Page {
    static let template = "routines/form"
    let heading: String
    let action: String
    let cancel: String
    let fields: FormFields
    let problems: FormProblems
    let subjects: [OptionView]
    let weekdays: HTML
    let repeats: [OptionView]
    let ends: [OptionView]
    let assignments: [OptionView]
    /// The members who may be assigned; `value` is the checkbox's name.
    let members: [OptionView]
    let remind: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "fields": fields
        case "subjects": subjects
        case "weekdays": weekdays
        case "repeats": repeats
        case "ends": ends
        case "assignments": assignments
        case "members": members
        case "remind": remind
        default: problems.child(named: name)
        }
    }
}
