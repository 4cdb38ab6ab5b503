import HearthHTML

/// `/regimens`: every regimen the member may see, and where to add one.
struct RegimenListPage: Page {
    static let template = "regimens/index"
    let items: HTML
    let canRecord: Bool
    let subjects: [OptionView]

    func child(named name: String) -> Any? {
        switch name {
        case "items": items
        case "hasItems": !items.isEmpty
        case "canRecord": canRecord
        case "subjects": subjects
        default: nil
        }
    }
}

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
        default: problems.child(named: name)
        }
    }
}

/// One regimen: what, when, supply, adherence by month, the next doses (to move or skip one
/// day) and the last two weeks.
struct RegimenPage: Page {
    static let template = "regimens/show"
    let id: Int64
    let name: String
    let subject: String
    let subjectLink: String
    let purpose: String?
    let schedule: String
    let items: HTML
    let ended: String?
    let adherence: String?
    let chart: HTML
    let changes: HTML
    let history: HTML
    let canRecord: Bool
    let hasEnded: Bool
    let remind: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "subject": subject
        case "subjectLink": subjectLink
        case "purpose": purpose ?? false
        case "schedule": schedule
        case "items": items
        case "ended": ended ?? false
        case "adherence": adherence ?? false
        case "chart": chart
        case "changes": changes
        case "hasChanges": !changes.isEmpty
        case "history": history
        case "hasHistory": !history.isEmpty
        case "canRecord": canRecord
        case "hasEnded": hasEnded
        case "remind": remind
        default: nil
        }
    }
}
