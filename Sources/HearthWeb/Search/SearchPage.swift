import HearthHTML

/// `/search`: the box, its filters and what was found, grouped.
struct SearchPage: Page {
    static let template = "search/index"
    let query: String
    let form: HTML
    let results: HTML
    /// False before anything was asked (or when a filter was wrong).
    let searched: Bool
    let found: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "query": query
        case "form": form
        case "results": results
        case "searched": searched
        case "nothingFound": searched && !found
        default: nil
        }
    }
}
