import HearthHTML

/// `/clinics`: the household's clinic directory, and the register import's summary.
struct ClinicListPage: Page {
    static let template = "health/clinics"
    let clinics: HTML
    let hasClinics: Bool
    let canRecord: Bool
    /// After an import: what was added, updated, skipped and refused.
    let summary: HTML?
    let importError: String?
    /// The "where home is" form (recorders only).
    let home: HTML
    /// The words the directory was searched for.
    let query: String

    func child(named name: String) -> Any? {
        switch name {
        case "clinics": clinics
        case "hasClinics": hasClinics
        case "canRecord": canRecord
        case "summary": summary ?? false
        case "importError": importError ?? false
        case "home": home
        case "query": query
        default: nil
        }
    }
}
