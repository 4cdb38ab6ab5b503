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

/// One item of the catalogue, every field it has.
struct MedicinePage: Page {
    static let template = "medicines/show"
    let photo: String?
    let id: Int64
    let name: String
    let kind: String
    let facts: [FactView]
    let canRecord: Bool
    /// Whom a regimen with this item may be for.
    let subjects: [OptionView]

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "subjects": subjects
        case "photo": photo ?? false
        case "name": self.name
        case "kind": kind
        case "facts": facts
        case "canRecord": canRecord
        default: nil
        }
    }
}

/// Adding or editing a catalogue item.
struct MedicineFormPage: Page {
    static let template = "medicines/form"
    let heading: String
    let action: String
    let cancel: String
    let fields: FormFields
    let problems: FormProblems
    let kinds: [OptionView]
    let prescription: [OptionView]
    /// The item's photo as it stands, on an edit.
    let photo: String?

    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "cancel": cancel
        case "fields": fields
        case "kinds": kinds
        case "prescription": prescription
        case "photo": photo ?? false
        default: problems.child(named: name)
        }
    }
}

/// A catalogue import as it runs, then its summary or its problem.
struct MedicineImportPage: Page {
    static let template = "medicines/import"
    let id: String
    let fileName: String
    let running: Bool
    let percent: Int
    let progress: String
    var summary: String?
    var problem: String?

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "fileName": fileName
        case "running": running
        case "percent": percent
        case "progress": progress
        case "summary": summary ?? false
        case "problem": problem ?? false
        default: nil
        }
    }
}
