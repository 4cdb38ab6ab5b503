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
