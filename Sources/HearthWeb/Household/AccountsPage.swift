import HearthCore
import HearthHTML

/// `/accounts`: every member with their role, and the form that adds one.
struct AccountsPage: Page {
    static let template = "household/accounts"
    static let fieldNames = ["username", "display_name", "password", "role", "language"]
    let members: [MemberRow]
    let fields: FormFields
    let roles: [OptionView]
    let languages: [OptionView]
    let notice: String?
    let problem: String?

    struct MemberRow: PagePart {
        let id: Int64
        let displayName: String
        let username: String
        let roleLabel: String
        let roles: [OptionView]
        let disabled: Bool
        let isSelf: Bool
        /// Whom the member sees, in words; and the form to change it (not for owners).
        let sees: String
        let limited: Bool
        let canLimit: Bool
        let subjects: [CheckboxView]

        /// Its links by the names its template reads (`links.edit`), made once, not on each lookup.
        static let links: [String: Route] = [
            "role": AccountRoutes.role, "password": AccountRoutes.password, "access": AccountRoutes.access, "enable": AccountRoutes.enable,
            "disable": AccountRoutes.disable,
        ]

        func child(named name: String) -> Any? {
            switch name {
            case "sees": sees
            case "limited": limited
            case "canLimit": canLimit
            case "subjects": subjects
            case "id": id
            case "links":
                RouteLinks(id, Self.links)
            case "displayName": displayName
            case "username": username
            case "roleLabel": roleLabel
            case "roles": roles
            case "disabled": disabled
            case "isSelf": isSelf
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "members": members
        case "fields": fields
        case "roles": roles
        case "languages": languages
        case "notice": notice ?? false
        case "problem": problem ?? false
        default: nil
        }
    }
}
