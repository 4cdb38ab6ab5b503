import HearthHTML

/// A catalogue import as it runs, then its summary or its problem.
struct MedicineImportPage: Page {
    static let template = "medicines/import"
    let id: String
    let fileName: String
    let running: Bool
    let percent: Int
    let progress: String
    var summary: String?
    var problem: String?

    /// Its links by the names its template reads (`links.edit`), made once, not on each lookup.
    static let links: [String: Route] = ["job": MedicineRoutes.importJob]

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "links": RouteLinks(id, Self.links)
        case "fileName": fileName
        case "running": running
        case "percent": percent
        case "progress": progress
        case "summary": summary ?? false
        case "problem": problem ?? false
        default: nil
        }
    }
}
