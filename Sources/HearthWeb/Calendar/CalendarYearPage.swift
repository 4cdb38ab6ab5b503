import HearthHTML

/// `/calendar/{yyyy}`: twelve small months, each with its cover photo.
struct CalendarYearPage: Page {
    static let template = "calendar/year"
    let heading: String
    let previous: String
    let next: String
    let months: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "previous": previous
        case "next": next
        case "months": months
        default: nil
        }
    }
}
