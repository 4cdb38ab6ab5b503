import HearthHTML

/// `/calendar/{yyyy-mm}`: the household's month as a grid of days with markers.
struct CalendarMonthPage: Page {
    static let template = "calendar/month"
    let heading: String
    /// nil at the calendar's first or last day, month or year.
    let previous: String?
    let next: String?
    let today: String
    let yearLink: String
    /// The filter form's `<option>`s.
    let subjects: HTML
    let kinds: HTML
    let filtered: Bool
    /// The grid, built in Swift (`CalendarHTML`): weekday headings, then the weeks.
    let grid: HTML
    let legend: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "previous": previous ?? false
        case "next": next ?? false
        case "today": today
        case "yearLink": yearLink
        case "subjects": subjects
        case "kinds": kinds
        case "filtered": filtered
        case "grid": grid
        case "legend": legend
        default: nil
        }
    }
}
