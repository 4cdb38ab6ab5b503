import HearthHTML
import HearthCore

/// `/people/{id}`: the person's profile card, the day's water and steps with one-tap
/// changes, and the profile's facts.
struct PersonPage: Page {
    static let template = "people/show"
    static let fieldNames = ["ml", "steps", "date", "weight", "weight_confirmed", "weight_date"]
    let id: Int64
    let name: String
    let colour: String
    let age: String?
    let photo: String?
    let thumbnail: String?
    let facts: [FactView]
    let canRecord: Bool
    /// Water, steps and weight may be recorded: by those who record, and by the person themself.
    let mayLog: Bool
    /// The day shown (`2026-11-23`) and its heading.
    let day: String
    let dayHeading: String
    /// The day is before the person was added: nothing was kept, nothing was missed.
    let beforeHearth: Bool
    let water: Water
    /// "8,012 steps", or nil when none were counted.
    let steps: String?
    /// "Goal: 10,000", or nil without a goal.
    let stepsGoal: String?
    /// "72.4 kg · Tue 3 Nov", or nil before the first weighing; the range ("Healthy range: 60–75 kg").
    let weight: String?
    let weightRange: String?
    /// The household's unit, beside the weight field.
    let weightUnit: String
    let fields: FormFields
    let problems: FormProblems
    let notice: String?
    /// An urgent reading just saved (`FlagCards.urgentToday`), said above everything else.
    var urgent: HTML = .empty
    /// The Medicines card: today's doses and the regimens.
    /// Other areas' cards (`AreaCards`): the medicines.
    let cards: SubjectCardSlots

    /// The day's water: the glass, what was drunk, and how far from the goal. The person's
    /// page and the home page show it alike.
    struct Water: PagePart {
        let glass: HTML
        let drank: String
        /// "Goal: 2,000 ml · 4 cups to go · 50%", or nil without a goal.
        let progress: String?
        let reached: Bool
        /// "+1 cup (250 ml)".
        let addCup: String
        let removeCup: String

        init(glass: HTML, drank: String, progress: String?, reached: Bool, addCup: String, removeCup: String) {
            (self.glass, self.drank, self.progress, self.reached, self.addCup, self.removeCup) = (glass, drank, progress, reached, addCup, removeCup)
        }

        init(_ water: WaterDay, personID: Int64, unit: VolumeUnit, format: Formatting) {
            let cup = format.volume(ml: water.cupML, unit: unit)
            let drank = format.volume(ml: water.drankML, unit: unit)
            self.drank = drank
            progress = water.goalML.map { goal in
                format.t(
                    "people.water.progress",
                    [
                        "goal": format.volume(ml: goal, unit: unit), "percent": String(water.percent ?? 0),
                        "cups": format.t(water.cupsToGo == 1 ? "people.water.cup_to_go" : "people.water.cups_to_go", ["cups": String(water.cupsToGo)]),
                    ])
            }
            reached = water.reached
            glass = WaterGlass.svg(
                share: water.share ?? 0, label: format.t("people.water.glass", ["drank": drank, "percent": String(water.percent ?? 0)]), id: personID)
            addCup = format.t("people.water.add_cup", ["cup": cup])
            removeCup = format.t("people.water.remove_cup", ["cup": cup])
        }

        func child(named name: String) -> Any? {
            switch name {
            case "glass": glass
            case "drank": drank
            case "progress": progress ?? false
            case "reached": reached
            case "addCup": addCup
            case "removeCup": removeCup
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "links": SubjectPageLinks(kind: .person, id: id)
        case "name": self.name
        case "colour": colour
        case "age": age ?? false
        case "photo": photo ?? false
        case "thumbnail": thumbnail ?? false
        case "facts": facts
        case "canRecord": canRecord
        case "mayLog": mayLog
        case "day": day
        case "dayHeading": dayHeading
        case "beforeHearth": beforeHearth
        case "water": water
        case "steps": steps ?? false
        case "stepsGoal": stepsGoal ?? false
        case "weight": weight ?? false
        case "weightRange": weightRange ?? false
        case "weightUnit": weightUnit
        case "fields": fields
        case "notice": notice ?? false
        case "urgent": urgent.isEmpty ? false : urgent
        case "cards": cards.cards
        default: problems.child(named: name)
        }
    }
}
