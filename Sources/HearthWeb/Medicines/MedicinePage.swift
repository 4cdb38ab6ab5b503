import HearthHTML

/// One item of the catalogue, every field it has.
struct MedicinePage: Page {
    static let template = "medicines/show"
    let photo: String?
    let id: Int64
    let name: String
    let kind: String
    let facts: [FactView]
    let canRecord: Bool
    /// Whom a regimen with this item may be for.
    let subjects: [OptionView]

    /// Its links by the names its template reads (`links.edit`), made once, not on each lookup.
    static let links: [String: Route] = ["edit": MedicineRoutes.edit]

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "links": RouteLinks(id, Self.links)
        case "subjects": subjects
        case "photo": photo ?? false
        case "name": self.name
        case "kind": kind
        case "facts": facts
        case "canRecord": canRecord
        default: nil
        }
    }
}
