import HearthHTML

/// Booking an appointment, or changing (moving) one.
struct AppointmentFormPage: Page {
    static let template = "appointments/form"
    let heading: String
    let action: String
    let cancel: String
    let fields: FormFields
    let problems: FormProblems
    let subjects: [OptionView]
    let kinds: [OptionView]
    let clinics: [OptionView]

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "fields": fields
        case "subjects": subjects
        case "kinds": kinds
        case "clinics": clinics
        default: problems.child(named: name)
        }
    }
}
