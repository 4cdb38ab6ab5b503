import HearthHTML

/// The home page's doses: those due now and missed, then the next few; and a line counting
/// the day's (the dose page lists the given and skipped ones, with who gave them).
struct DosesTodayCard: Page {
    static let template = "doses/home"
    /// The doses still to do, as list items.
    let doses: HTML
    /// "2 of 5 doses done today".
    let summary: String

    func child(named name: String) -> Any? {
        switch name {
        case "doses": doses
        case "summary": summary
        default: nil
        }
    }
}
