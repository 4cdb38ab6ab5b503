import HearthHTML

/// `/medicines`: the catalogue, searched; and the import's summary.
struct MedicineListPage: Page {
    static let template = "medicines/index"
    let query: String
    let items: HTML
    let count: String
    let nothingFound: Bool
    /// Too many matched to rank: some are shown, and the page asks for another word.
    let narrowed: Bool
    let canRecord: Bool
    let summary: String?
    let importError: String?

    func child(named name: String) -> Any? {
        switch name {
        case "query": query
        case "items": items
        case "count": count
        case "nothingFound": nothingFound
        case "narrowed": narrowed
        case "canRecord": canRecord
        case "summary": summary ?? false
        case "importError": importError ?? false
        default: nil
        }
    }
}
