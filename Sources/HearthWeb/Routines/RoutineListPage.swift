import HearthHTML

/// `/routines`: every routine the member may see, the one due soonest first.
struct RoutineListPage: Page {
    static let template = "routines/index"
    let items: HTML
    let canRecord: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "items": items
        case "hasItems": !items.isEmpty
        case "canRecord": canRecord
        default: nil
        }
    }
}
