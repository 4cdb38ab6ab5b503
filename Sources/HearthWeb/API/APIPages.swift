/// `/api`: what the API is for, how to make a token, the description, and a first call.
struct APIPage: Page {
    static let template = "api/index"
    /// This server as the browser reached it.
    let address: String
    let canRecord: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "address": address
        case "canRecord": canRecord
        case "readExample": #"curl -H "Authorization: Bearer hearth_…" \#(address)/api/v1/subjects"#
        case "writeExample":
            #"curl -X POST -H "Authorization: Bearer hearth_…" -H "Content-Type: application/json" -H "Idempotency-Key: $(uuidgen)" -d '{"cups": 1}' \#(address)/api/v1/people/1/water"#
        default: nil
        }
    }
}

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

/// `/api/home-assistant`: the package to paste, once its token is made.
struct HomeAssistantPage: Page {
    static let template = "api/home-assistant"
    /// `packages/hearth.yaml` with its new token; nil before the member asked for it.
    let package: String?
    let address: String

    func child(named name: String) -> Any? {
        switch name {
        case "package": package ?? false
        case "address": address
        default: nil
        }
    }
}
