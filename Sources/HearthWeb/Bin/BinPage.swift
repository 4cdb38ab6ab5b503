import HearthHTML

/// `/bin`: the bin's rows, newest deleted first, with how long they stay.
struct BinPage: Page {
    static let template = "bin/index"
    let intro: String
    let notice: String?
    /// A record put back whose pet is archived: said, with a button that brings the pet back.
    let archivedPet: ArchivedPet?
    let rows: HTML
    let canEmpty: Bool
    let emptyAction = BinRoutes.empty.pattern

    func child(named name: String) -> Any? {
        switch name {
        case "intro": intro
        case "notice": notice ?? false
        case "archivedPet": archivedPet ?? false
        case "rows": rows
        case "hasRows": !rows.isEmpty
        case "canEmpty": canEmpty
        case "emptyAction": emptyAction
        default: nil
        }
    }

    struct ArchivedPet: PagePart {
        let said: String
        let action: String
        let button: String

        func child(named name: String) -> Any? {
            switch name {
            case "said": said
            case "action": action
            case "button": button
            default: nil
            }
        }
    }
}
