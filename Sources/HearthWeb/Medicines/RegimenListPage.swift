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
