/// `/`: the signed-in member's starting page.
struct HomePage: Page {
    static let template = "home/index"
    let greeting: String
    let today: String
    let isOwner: Bool
    let isViewer: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "greeting": greeting
        case "today": today
        case "isOwner": isOwner
        case "isViewer": isViewer
        default: nil
        }
    }
}
