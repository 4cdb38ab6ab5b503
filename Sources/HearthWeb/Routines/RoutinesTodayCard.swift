import HearthHTML

/// The home page's routines: overdue, today's and those due soon, each with whose turn it is.
struct RoutinesTodayCard: Page {
    static let template = "routines/home"
    let routines: HTML

    func child(named name: String) -> Any? {
        name == "routines" ? routines : nil
    }
}
