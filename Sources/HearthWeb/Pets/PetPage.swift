import HearthHTML

/// `/pets/{id}`: the pet's profile card, quick-add buttons, today's records, recent photos,
/// foods with preferences, and the profile's facts.
struct PetPage: Page {
    static let template = "pets/show"
    let pet: Profile
    let latestWeight: LatestWeight?
    /// Today's records as `<li>` items, and the one form their delete buttons submit.
    let today: HTML
    let hasToday: Bool
    let recordForm: HTML
    let photos: HTML
    let hasPhotos: Bool
    let foods: HTML
    let hasFoods: Bool
    /// Other areas' cards (`AreaCards`): what is due, the last visit and vaccinations; the
    /// medicines; the feeding calculator and its settings (a form only for who may change them).
    let cards: SubjectCardSlots
    /// May add and change records (a recorder, and the pet is not archived).
    let canRecord: Bool
    let mayArchive: Bool
    /// The add buttons' links end with the record's kind.
    let newRecord: String
    let notice: String?
    /// An urgent reading just saved (`FlagCards.urgentToday`), said above everything else.
    var urgent: HTML = .empty

    /// The pet's profile card and facts.
    struct Profile: PagePart {
        let id: Int64
        let name: String
        let species: String
        let age: String?
        let archived: Bool
        let notes: String?
        let facts: [FactView]
        let photo: String?
        let thumbnail: String?

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "name": self.name
            case "species": species
            case "age": age ?? false
            case "archived": archived
            case "notes": notes ?? false
            case "facts": facts
            case "photo": photo ?? false
            case "thumbnail": thumbnail ?? false
            default: nil
            }
        }
    }

    /// "4.2 kg (+0.1 kg) · 20 November 2026".
    struct LatestWeight: PagePart {
        let value: String
        let date: String
        let change: String?

        func child(named name: String) -> Any? {
            switch name {
            case "value": value
            case "date": date
            case "change": change ?? false
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "pet": pet
        case "links": SubjectPageLinks(kind: .pet, id: pet.id)
        case "latestWeight": latestWeight ?? false
        case "today": today
        case "hasToday": hasToday
        case "recordForm": recordForm
        case "photos": photos
        case "hasPhotos": hasPhotos
        case "foods": foods
        case "hasFoods": hasFoods
        case "care": cards.care
        case "cards": cards.cards
        case "feeding": cards.feeding
        case "feedingForm": cards.feedingForm
        case "canRecord": canRecord
        case "mayArchive": mayArchive
        case "newRecord": newRecord
        case "notice": notice ?? false
        case "urgent": urgent.isEmpty ? false : urgent
        default: nil
        }
    }
}
