/// `/api`: what the API is for, how to make a token, the description, and a first call.
struct APIPage: Page {
    static let template = "api/index"
    /// This server as the browser reached it.
    let address: String
    let canRecord: Bool
    /// A person the member may see, for the example that adds a cup (none: no example).
    let personID: Int64?

    func child(named name: String) -> Any? {
        switch name {
        case "address": address
        case "canRecord": canRecord && personID != nil
        case "mayRecord": canRecord
        case "readExample": #"curl -H "Authorization: Bearer hearth_…" \#(address)/api/v1/subjects"#
        case "writeExample":
            #"curl -X POST -H "Authorization: Bearer hearth_…" -H "Content-Type: application/json" -H "Idempotency-Key: $(uuidgen)" -d '{"cups": 1}' \#(address)/api/v1/people/\#(personID ?? 0)/water"#
        default: nil
        }
    }
}
