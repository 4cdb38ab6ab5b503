/// `/people/{id}`: the person's profile card and facts.
struct PersonPage: Page {
    static let template = "people/show"
    let id: Int64
    let name: String
    let colour: String
    let age: String?
    let photo: String?
    let thumbnail: String?
    let facts: [PetPage.Profile.Fact]
    let canRecord: Bool

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "colour": colour
        case "age": age ?? false
        case "photo": photo ?? false
        case "thumbnail": thumbnail ?? false
        case "facts": facts
        case "canRecord": canRecord
        default: nil
        }
    }
}
