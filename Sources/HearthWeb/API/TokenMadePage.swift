/// A token just made: shown this once, with a call to try it.
struct TokenMadePage: Page {
    static let template = "api/token"
    let token: String
    let name: String
    let scope: String
    let address: String

    func child(named name: String) -> Any? {
        switch name {
        case "token": token
        case "name": self.name
        case "scope": scope
        case "address": address
        case "example": #"curl -H "Authorization: Bearer \#(token)" \#(address)/api/v1/me"#
        default: nil
        }
    }
}
