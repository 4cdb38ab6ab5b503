/// `/pets` and `/pets?archived=1`: a card per pet.
struct PetListPage: Page {
    static let template = "pets/index"
    let pets: [PetCard]
    let archived: Bool
    let canRecord: Bool

    struct PetCard: PagePart {
        let id: Int64
        let name: String
        let species: String
        let age: String?
        let photo: String?

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "links": SubjectPageLinks(kind: .pet, id: id)
            case "name": self.name
            case "species": species
            case "age": age ?? false
            case "photo": photo ?? false
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "pets": pets
        case "archived": archived
        case "empty": pets.isEmpty
        case "canRecord": canRecord
        default: nil
        }
    }
}
