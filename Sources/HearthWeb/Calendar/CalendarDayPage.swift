import HearthHTML

/// `/calendar/{yyyy-mm-dd}`: everything on one day for everyone the member may see.
struct CalendarDayPage: Page {
    static let template = "calendar/day"
    let heading: String
    let day: String
    /// nil at the calendar's first or last day, month or year.
    let previous: String?
    let next: String?
    let monthLink: String
    let subjects: [Subject]
    /// Each area's section of the day (doses, appointments, care due, routines …), in rank order.
    let areas: [DaySection]

    struct Subject: PagePart {
        let name: String
        let href: String
        let colour: String
        /// "Water 1,500 ml of 2,000 ml", "Steps 8,012 of 10,000 · goal met".
        let figures: [String]
        let records: HTML
        let hasRecords: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "href": href
            case "colour": colour
            case "figures": figures
            case "hasFigures": !figures.isEmpty
            case "records": records
            case "hasRecords": hasRecords
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "day": day
        case "previous": previous ?? false
        case "next": next ?? false
        case "monthLink": monthLink
        case "subjects": subjects
        case "isEmpty": subjects.isEmpty && areas.isEmpty
        case "areas": areas
        default: nil
        }
    }
}
