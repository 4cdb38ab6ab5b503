import HearthHTML

/// `/appointments`: what is coming, and what happened lately.
struct AppointmentListPage: Page {
    static let template = "appointments/index"
    let coming: HTML
    let past: HTML
    let canRecord: Bool
    let new = AppointmentRoutes.new.pattern

    func child(named name: String) -> Any? {
        switch name {
        case "coming": coming
        case "hasComing": !coming.isEmpty
        case "past": past
        case "hasPast": !past.isEmpty
        case "canRecord": canRecord
        case "new": new
        default: nil
        }
    }
}
