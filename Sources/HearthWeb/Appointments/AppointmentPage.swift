import HearthHTML

/// One appointment: D-day, whose, when, where; after its time, what it turned into.
struct AppointmentPage: Page {
    static let template = "appointments/show"
    let id: Int64
    let title: String
    let dDay: String
    let when: String
    let subjectLink: String?
    let clinicLink: String?
    let note: String?
    let isPast: Bool
    let isDone: Bool
    /// The record it turned into.
    let recordLink: String?
    /// The record form "How did it go?" opens; nil when it is only marked done (here).
    let outcome: String?
    let canRecord: Bool
    var edit: String { AppointmentRoutes.edit(id) }
    var done: String { AppointmentRoutes.done(id) }
    var delete: String { AppointmentRoutes.delete(id) }

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "dDay": dDay
        case "when": when
        case "subjectLink": subjectLink ?? false
        case "clinicLink": clinicLink ?? false
        case "note": note ?? false
        case "isPast": isPast
        case "isDone": isDone
        case "recordLink": recordLink ?? false
        case "outcome": outcome ?? false
        case "canRecord": canRecord
        case "edit": edit
        case "done": done
        case "delete": delete
        default: nil
        }
    }
}
