import HearthHTML

/// One routine: what, for whom, when, who; what is due next with one tap; what was done.
struct RoutinePage: Page {
    static let template = "routines/show"
    let id: Int64
    let name: String
    let subject: String
    let subjectLink: String?
    let how: String?
    let schedule: String
    let soon: String?
    let assignment: String
    /// The next due day as a list item with its buttons.
    let next: HTML
    let hasNext: Bool
    let history: HTML
    let canRecord: Bool
    /// Why a mark was not written ("already done by 엄마 at 07:02").
    let message: String?

    /// Its links by the names its template reads (`links.edit`), made once, not on each lookup.
    static let links: [String: Route] = ["edit": RoutineRoutes.edit, "delete": RoutineRoutes.delete]

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "links": RouteLinks(id, Self.links)
        case "name": self.name
        case "subject": subject
        case "subjectLink": subjectLink ?? false
        case "how": how ?? false
        case "schedule": schedule
        case "soon": soon ?? false
        case "assignment": assignment
        case "next": next
        case "hasNext": hasNext
        case "history": history
        case "hasHistory": !history.isEmpty
        case "canRecord": canRecord
        case "message": message ?? false
        default: nil
        }
    }
}
