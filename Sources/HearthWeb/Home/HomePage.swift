/// `/`: the signed-in member's starting page: today, and each person's water a tap away.
struct HomePage: Page {
    static let template = "home/index"
    let greeting: String
    let today: String
    let isOwner: Bool
    let isViewer: Bool
    /// Each current person's water today; empty when the household has no people yet.
    let water: [PersonWater]

    /// One person's glass on the home page, with `+1 cup` for members who record.
    struct PersonWater: PagePart {
        let id: Int64
        let name: String
        let colour: String
        let water: PersonPage.Water
        let canRecord: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "name": self.name
            case "colour": colour
            case "water": water
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
        case "water": water
        case "hasWater": !water.isEmpty
        default: nil
        }
    }
}
