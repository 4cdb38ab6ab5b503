import HearthHTML

/// A person's timeline.
struct PersonTimelinePage: Page {
    static let template = "people/timeline"
    let personID: Int64
    let personName: String
    let photo: String?
    let days: HTML
    let empty: Bool
    let from: String
    let to: String
    let isFirstPage: Bool
    let newest: String
    let older: String?
    /// The one form the delete buttons submit (`EntryListHTML.Actions`), and "moved to the bin".
    var recordForm: HTML = .empty
    var notice: String? = nil

    func child(named name: String) -> Any? {
        switch name {
        case "personID": personID
        case "links": SubjectPageLinks(kind: .person, id: personID)
        case "personName": personName
        case "photo": photo ?? false
        case "days": days
        case "empty": empty
        case "from": from
        case "to": to
        case "isFirstPage": isFirstPage
        case "newest": newest
        case "older": older ?? false
        case "recordForm": recordForm
        case "notice": notice ?? false
        case "bin": BinRoutes.bin.pattern
        default: nil
        }
    }
}
