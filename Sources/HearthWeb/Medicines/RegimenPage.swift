import HearthHTML

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
    /// What the DUR lists say of this regimen's medicines beside the person's others.
    let interactions: HTML
    let ended: String?
    let adherence: String?
    let chart: HTML
    let changes: HTML
    let history: HTML
    /// Every change to the regimen, its items and its doses, oldest first.
    let changeLog: HTML
    let canRecord: Bool
    let hasEnded: Bool
    let remind: Bool

    /// Its links by the names its template reads (`links.edit`), made once, not on each lookup.
    static let links: [String: Route] = ["edit": RegimenRoutes.edit, "end": RegimenRoutes.end, "delete": RegimenRoutes.delete]

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "links": RouteLinks(id, Self.links)
        case "name": self.name
        case "subject": subject
        case "subjectLink": subjectLink
        case "purpose": purpose ?? false
        case "schedule": schedule
        case "items": items
        case "interactions": interactions
        case "ended": ended ?? false
        case "adherence": adherence ?? false
        case "chart": chart
        case "changes": changes
        case "hasChanges": !changes.isEmpty
        case "history": history
        case "hasHistory": !history.isEmpty
        case "changeLog": changeLog
        case "hasChangeLog": !changeLog.isEmpty
        case "canRecord": canRecord
        case "hasEnded": hasEnded
        case "remind": remind
        default: nil
        }
    }
}
