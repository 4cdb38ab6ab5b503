/// `/today`: all of home's list of what needs doing now and soon, uncut.
struct TodayPage: Page {
    static let template = "home/today"
    let today: String
    let todo: TodaySection

    func child(named name: String) -> Any? {
        switch name {
        case "today": today
        case "todo": todo
        default: nil
        }
    }
}
