/// `/`: today at a glance, as every area's cards (`AreaCards.home`) show it: doses, care due,
/// each person's water, steps and weight, each pet's records so far, the newest photos.
struct HomePage: Page {
    static let template = "home/index"
    let greeting: String
    let today: String
    let isViewer: Bool
    let calendarToday: String
    let cards: [HomeCard]
    /// No pets or people yet: the page offers to add them.
    let isEmpty: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "greeting": greeting
        case "today": today
        case "isViewer": isViewer
        case "calendarToday": calendarToday
        case "cards": cards
        case "isEmpty": isEmpty
        default: nil
        }
    }
}
