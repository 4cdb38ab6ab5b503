/// `/pets/new` and `/pets/{id}/edit`.
struct PetFormPage: Page {
    static let template = "pets/form"
    static let fieldNames = [
        "name", "species", "species_other", "breed", "sex", "birth_date", "age_years", "adoption_date", "neutered",
        "microchip", "markings", "notes", "weight_unit", "photo",
    ]
    let fields: FormFields
    let species: [OptionView]
    let sexes: [OptionView]
    let neutered: [OptionView]
    let weightUnits: [OptionView]
    let problems: FormProblems
    let action: String
    let cancel: String
    let heading: String
    /// The latest date a birth or adoption date may have.
    let today: String

    func child(named name: String) -> Any? {
        switch name {
        case "fields": fields
        case "species": species
        case "sexes": sexes
        case "neutered": neutered
        case "weightUnits": weightUnits
        case "action": action
        case "cancel": cancel
        case "heading": heading
        case "today": today
        default: problems.child(named: name)
        }
    }
}
