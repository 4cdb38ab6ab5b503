/// `/imports/{id}`: how far an import has got, and at its end what it wrote or why it stopped.
struct ImportProgressPage: Page {
    static let template = "imports/progress"
    let id: Int64
    let personID: Int64
    let personName: String
    let fileName: String
    let running: Bool
    let done: Bool
    let percent: Int
    /// "12,345 records read", "31 days written".
    let records: String
    let days: String
    /// Why it stopped, when it failed.
    let problem: String?

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "personID": personID
        case "links": SubjectPageLinks(kind: .person, id: personID)
        case "progressLink": ImportRoutes.one(id)
        case "personName": personName
        case "fileName": fileName
        case "running": running
        case "done": done
        case "percent": percent
        case "records": records
        case "days": days
        case "problem": problem ?? false
        default: nil
        }
    }
}
