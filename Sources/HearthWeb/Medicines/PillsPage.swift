import HearthHTML

/// `/medicines/pills`: a loose pill found by what is printed on it, its shape and colour.
struct PillsPage: Page {
    static let template = "medicines/pills"
    let query: String
    let results: HTML
    /// Nothing imported yet: the page says where the list comes from.
    let noList: Bool
    let nothingFound: Bool
    let source: String?

    func child(named name: String) -> Any? {
        switch name {
        case "query": query
        case "results": results
        case "noList": noList
        case "nothingFound": nothingFound
        case "source": source ?? false
        default: nil
        }
    }
}
