import HearthHTML

/// `/care/vaccines` (owner): the schedules by species, the household's intervals and its own vaccines.
struct VaccineSettingsPage: Page {
    static let template = "health/vaccines"
    let species: HTML
    let speciesOptions: [OptionView]
    let fields: FormFields
    let problems: FormProblems
    let saved: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "species": species
        case "speciesOptions": speciesOptions
        case "owner": !speciesOptions.isEmpty
        case "fields": fields
        case "saved": saved
        default: problems.child(named: name)
        }
    }
}
