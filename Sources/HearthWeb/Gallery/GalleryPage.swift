import HearthHTML

/// `/gallery`: the grid (or the symptom list) and its filters.
struct GalleryPage: Page {
    static let template = "gallery/index"
    let heading: String
    let subjects: [LinkView]
    let favourites: [LinkView]
    let views: [LinkView]
    let body: HTML
    let empty: String?
    let newest: String?
    let older: String?
    let makeAnimation: String?

    func child(named name: String) -> Any? {
        func choices(_ list: [LinkView]) -> Any { list.isEmpty ? false : list }
        switch name {
        case "heading": return heading
        case "subjects": return choices(subjects)
        case "favourites": return choices(favourites)
        case "hasViews": return !views.isEmpty
        case "views": return choices(views)
        case "body": return body
        case "empty": return empty ?? false
        case "newest": return newest ?? false
        case "older": return older ?? false
        case "makeAnimation": return makeAnimation ?? false
        default: return nil
        }
    }
}
