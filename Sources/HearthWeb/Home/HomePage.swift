import HearthHTML

/// `/`: today at a glance: each person's water glass (with `+1 cup`), steps against the goal
/// and latest weight; each pet's records so far and latest weight; the newest photos.
struct HomePage: Page {
    static let template = "home/index"
    let greeting: String
    let today: String
    let isOwner: Bool
    let isViewer: Bool
    let people: [PersonToday]
    let pets: [PetToday]
    /// The newest photos, as grid items.
    let photos: HTML
    let calendarToday: String
    /// Care overdue or due within a week, as list items.
    let careDue: HTML
    /// Doses due now, missed today and coming later today; and a line counting the day's.
    let doses: HTML
    let dosesSummary: String?

    /// One person's today: the glass, steps and weight, for members who record with `+1 cup`.
    struct PersonToday: PagePart {
        let id: Int64
        let name: String
        let colour: String
        let water: PersonPage.Water
        /// "6,200 of 10,000 steps", or nil when none are counted yet.
        let steps: String?
        let stepsReached: Bool
        let weight: String?
        let canRecord: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "name": self.name
            case "colour": colour
            case "water": water
            case "steps": steps ?? false
            case "stepsReached": stepsReached
            case "weight": weight ?? false
            case "canRecord": canRecord
            default: nil
            }
        }
    }

    /// One pet's today: "2 meals · 1 toilet" so far, and the latest weight.
    struct PetToday: PagePart {
        let id: Int64
        let name: String
        let photo: String?
        let records: String
        let weight: String?
        let canRecord: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "name": self.name
            case "photo": photo ?? false
            case "records": records
            case "weight": weight ?? false
            case "canRecord": canRecord
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "greeting": greeting
        case "today": today
        case "isOwner": isOwner
        case "isViewer": isViewer
        case "people": people
        case "hasPeople": !people.isEmpty
        case "pets": pets
        case "hasPets": !pets.isEmpty
        case "photos": photos
        case "hasPhotos": !photos.isEmpty
        case "isEmpty": people.isEmpty && pets.isEmpty
        case "calendarToday": calendarToday
        case "careDue": careDue
        case "doses": doses
        case "hasDoses": !doses.isEmpty || dosesSummary != nil
        case "dosesSummary": dosesSummary ?? false
        case "hasCareDue": !careDue.isEmpty
        default: nil
        }
    }
}
