import HearthHTML

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
