import HearthHTML

/// `/pets/{id}/timeline`: one pet's records by day, newest first, a page at a time.
struct TimelinePage: Page {
    static let template = "pets/timeline"
    let petID: Int64
    let petName: String
    let petPhoto: String?
    /// Each day's heading and records.
    let days: HTML
    let empty: Bool
    let recordForm: HTML
    /// The kind filter's `<option>`s.
    let kinds: HTML
    let from: String
    let to: String
    let isFirstPage: Bool
    let newest: String
    let older: String?
    let undo: Undo?
    let notice: String?

    /// "Deleted (Weight) · Undo" after a record was deleted.
    struct Undo: PagePart {
        let id: Int64
        let title: String
        /// A record saved with other pets: whose copies stay, and where "delete theirs too" posts.
        var shared: String? = nil
        var deleteOthers: String? = nil

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "restore": RecordRoutes.restore(id)
            case "title": title
            case "shared": shared ?? false
            case "deleteOthers": deleteOthers ?? false
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "petID": petID
        case "links": SubjectPageLinks(kind: .pet, id: petID)
        case "petName": petName
        case "petPhoto": petPhoto ?? false
        case "days": days
        case "empty": empty
        case "recordForm": recordForm
        case "kinds": kinds
        case "from": from
        case "to": to
        case "isFirstPage": isFirstPage
        case "newest": newest
        case "older": older ?? false
        case "undo": undo ?? false
        case "notice": notice ?? false
        default: nil
        }
    }
}
