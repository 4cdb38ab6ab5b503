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
        // Every word must be in what is found: with several, fewer may find something; with one, nothing holds it.
        case "severalWords": query.split(whereSeparator: \.isWhitespace).count > 1
        default: nil
        }
    }
}
