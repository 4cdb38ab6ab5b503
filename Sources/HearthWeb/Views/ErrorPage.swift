/// The page for a refusal or a failure: its status and what it means for the member.
struct ErrorPage: Page {
    static let template = "error"
    let status: Int
    let message: String

    func child(named name: String) -> Any? {
        switch name {
        case "status": status
        case "message": message
        default: nil
        }
    }
}
