import HearthHTML

/// A tracker's definition: its name, whom it is for, a regimen to count hours from, and its fields.
struct TrackerFormPage: Page {
    static let template = "trackers/form"
    let heading: String
    let action: String
    let fields: FormFields
    let problems: FormProblems
    let subjects: [OptionView]
    let regimens: [OptionView]
    /// A row a field (`TrackerFormHTML.rows`).
    let rows: HTML
    /// Removing a field with records asks first: the form again with this ticked to say yes.
    let asksToRemove: Bool
    /// Editing: where "delete" is sent.
    let delete: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "fields": fields
        case "subjects": subjects
        case "regimens": regimens
        case "rows": rows
        case "asksToRemove": asksToRemove
        case "delete": delete
        default: problems.child(named: name)
        }
    }
}
