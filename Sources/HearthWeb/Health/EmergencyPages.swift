import HearthHTML

/// `/emergency`: who to call now, and each pet's health card.
struct EmergencyPage: Page {
    static let template = "health/emergency"
    let clinics: HTML
    let hasClinics: Bool
    let pets: [PetLink]

    struct PetLink: PagePart {
        let name: String
        let card: String

        func child(named name: String) -> Any? {
            switch name {
            case "name": self.name
            case "card": card
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "clinics": clinics
        case "hasClinics": hasClinics
        case "pets": pets
        default: nil
        }
    }
}

/// `/pets/{id}/card`: one page to hand a vet or a sitter, printed on A4.
struct HealthCardPage: Page {
    static let template = "health/card"
    let name: String
    let photo: String?
    let facts: [FactView]
    let allergies: String?
    let dislikes: String?
    let medicines: String?
    let vaccinations: HTML
    let due: HTML
    let clinic: HTML

    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "photo": photo ?? false
        case "facts": facts
        case "allergies": allergies ?? false
        case "dislikes": dislikes ?? false
        case "medicines": medicines ?? false
        case "vaccinations": vaccinations
        case "due": due
        case "clinic": clinic
        default: nil
        }
    }
}

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
