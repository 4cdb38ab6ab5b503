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

/// `/gallery/{entry}-{position}`: one photo.
struct GalleryPhotoPage: Page {
    static let template = "gallery/photo"
    let preview: String
    let alt: String
    let caption: String
    let record: String
    let newer: String?
    let older: String?
    let back: String
    let original: String?
    let originalSize: String
    let favourite: Bool
    let canChange: Bool
    let favouriteAction: String
    let removeAction: String

    func child(named name: String) -> Any? {
        switch name {
        case "preview": preview
        case "alt": alt
        case "caption": caption
        case "record": record
        case "newer": newer ?? false
        case "older": older ?? false
        case "back": back
        case "original": original ?? false
        case "originalSize": originalSize
        case "favourite": favourite
        case "canChange": canChange
        case "favouriteAction": favouriteAction
        case "removeAction": removeAction
        default: nil
        }
    }
}
