import HearthHTML

/// `/bin`: the bin's rows, newest deleted first, with how long they stay.
struct BinPage: Page {
    static let template = "bin/index"
    let intro: String
    let notice: String?
    let rows: HTML
    let canEmpty: Bool
    let emptyAction = BinRoutes.empty.pattern

    func child(named name: String) -> Any? {
        switch name {
        case "intro": intro
        case "notice": notice ?? false
        case "rows": rows
        case "hasRows": !rows.isEmpty
        case "canEmpty": canEmpty
        case "emptyAction": emptyAction
        default: nil
        }
    }
}
