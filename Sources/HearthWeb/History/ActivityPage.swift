import HearthHTML

/// `/activity`: the household's changes, newest first, filtered by member, subject, kind and
/// day, fifty at a time.
struct ActivityPage: Page {
    static let template = "history/activity"
    let action = HistoryRoutes.activity.pattern
    let filters: HTML
    let rows: HTML
    /// The next fifty's address, when there are more.
    let older: String?

    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "filters": filters
        case "rows": rows
        case "hasRows": !rows.isEmpty
        case "older": older ?? false
        default: nil
        }
    }
}
