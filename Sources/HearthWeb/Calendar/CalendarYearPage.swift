import HearthHTML

/// `/calendar/{yyyy}`: twelve small months, each with its cover photo.
struct CalendarYearPage: Page {
    static let template = "calendar/year"
    let heading: String
    /// nil at the calendar's first or last day, month or year.
    let previous: String?
    let next: String?
    let months: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "previous": previous ?? false
        case "next": next ?? false
        case "months": months
        default: nil
        }
    }
}
