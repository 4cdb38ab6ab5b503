/// `/people`: a card per person, in their colour.
struct PersonListPage: Page {
    static let template = "people/index"
    let people: [Card]
    let canRecord: Bool
    /// A member limited to some subjects, or who may not add anyone: an empty list is not an
    /// invitation to add the family.
    var onlySome = false

    struct Card: PagePart {
        let id: Int64
        let name: String
        let colour: String
        let age: String?
        let photo: String?

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "links": SubjectPageLinks(kind: .person, id: id)
            case "name": self.name
            case "colour": colour
            case "age": age ?? false
            case "photo": photo ?? false
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "people": people
        case "empty": people.isEmpty && !onlySome
        case "noneShown": people.isEmpty && onlySome
        case "canRecord": canRecord
        default: nil
        }
    }
}
