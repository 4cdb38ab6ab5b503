import HearthHTML

/// A person's record of a tracker (a pet's is the pet's record form).
struct TrackerRecordPage: Page {
    static let template = "trackers/record"
    let heading: String
    let action: String
    let cancel: String
    let fields: FormFields
    let problems: FormProblems
    let trackerFields: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "fields": fields
        case "trackerFields": trackerFields
        default: problems.child(named: name)
        }
    }
}
