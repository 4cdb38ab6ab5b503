/// `/people/{id}/import`: choose the phone's export and where it comes from.
struct ImportFormPage: Page {
    static let template = "imports/form"
    static let fieldNames = ["source", "file"]
    let personID: Int64
    let personName: String
    let sources: [OptionView]
    let fields: FormFields
    let problems: FormProblems

    func child(named name: String) -> Any? {
        switch name {
        case "personID": personID
        case "links": SubjectPageLinks(kind: .person, id: personID)
        case "personName": personName
        case "sources": sources
        case "fields": fields
        default: problems.child(named: name)
        }
    }
}
