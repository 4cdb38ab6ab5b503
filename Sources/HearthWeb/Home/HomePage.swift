import HearthHTML

/// `/`: today at a glance: what needs doing now and soon (`TodayList`, every area's rows), then
/// every area's cards (`AreaCards.home`): each pet's and person's day with its quick logs, and
/// the photos of this day in earlier years.
struct HomePage: Page {
    static let template = "home/index"
    let greeting: String
    let today: String
    let isViewer: Bool
    /// The member is one of the household's people, and records their own water and doses.
    var selfCare = false
    let calendarToday: String
    /// What a quick log just did, with its undo.
    var did: HTML? = nil
    let todo: TodaySection
    let cards: [HomeCard]
    /// No pets or people yet: the page offers to add them.
    let isEmpty: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "greeting": greeting
        case "today": today
        case "isViewer": isViewer
        case "selfCare": selfCare
        case "calendarToday": calendarToday
        case "did": did ?? false
        case "todo": todo
        case "cards": cards
        case "isEmpty": isEmpty
        // A household of no one yet may still have the house's routines to do.
        case "showTodo": !isEmpty || !todo.isEmpty
        default: nil
        }
    }
}
