import HearthHTML

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
