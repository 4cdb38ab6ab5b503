import HearthHTML
import HearthCore
import HearthStore

/// The home page's people: each person's water glass (with `+1 cup`) and steps against the goal.
struct PeopleTodayCard: Page {
    static let template = "people/home"
    let people: [PersonToday]
    /// "N more — see all" when home has no row for some.
    let more: DaySection.Link?

    /// One person's today: the glass and steps, for members who record with `+1 cup`.
    struct PersonToday: PagePart {
        let id: Int64
        let name: String
        let colour: String
        let water: PersonPage.Water
        /// "6,200 of 10,000 steps", or nil when none are counted yet.
        let steps: String?
        let stepsReached: Bool
        let canRecord: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "links": SubjectPageLinks(kind: .person, id: id)
            case "name": self.name
            case "colour": colour
            case "water": water
            case "steps": steps ?? false
            case "stepsReached": stepsReached
            case "canRecord": canRecord
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "people": people
        case "more": more
        default: nil
        }
    }
}

/// People's part of other pages: today on the home page, water and steps in a report.
enum PeopleCards: AreaCards {
    static let exportKinds = HouseholdExport.peopleKinds
    static let demo: (any DemoStep.Type)? = PeopleDemo.self

    /// A dot in the person's colour for each goal they met that day (water, then steps).
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {
        // Each person's dots once a page, not once a day.
        var water: [Int64: MonthDot] = [:], steps: [Int64: MonthDot] = [:]
        for person in shown.subjects.values where person.kind == .person {
            let colour = person.colour?.rawValue ?? "blue"
            water[person.id] = MonthDot(
                rank: 60, classes: "goal-water colour-\(colour)", label: shown.format.t("calendar.goal_met.water", ["name": person.name]))
            steps[person.id] = MonthDot(
                rank: 60, classes: "goal-steps colour-\(colour)", label: shown.format.t("calendar.goal_met.steps", ["name": person.name]))
        }
        shown.dots(into: &dots) { marks in marks.waterMet.compactMap { water[$0] } + marks.stepsMet.compactMap { steps[$0] } }
    }

    static func calendarLegend(_ format: Formatting) -> [MonthDot] {
        [
            MonthDot(rank: 60, classes: "goal-water", label: format.t("calendar.legend.water")),
            MonthDot(rank: 60, classes: "goal-steps", label: format.t("calendar.legend.steps")),
        ]
    }

    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try DaysReportHTML.sections(shown, snapshot)
    }

    /// `?water=<id>&change=cup`: a cup just added on home, the day's water now, and one tap to take it back.
    static func didOnHome(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HTML? {
        guard let id = shown.query["water"].flatMap({ Int64($0) }), let subject = shown.subjects.first(where: { $0.id == id && $0.kind == .person }),
            let person = try HearthStore.PersonToday.read([subject], on: shown.today, in: snapshot).first
        else { return nil }
        let format = shown.format
        let drank = format.volume(ml: person.day.water.drankML, unit: shown.context.household?.volumeUnit ?? .ml)
        let cup = shown.query["change"] == "cup"
        let said = format.t(cup ? "home.did.cup" : "home.did.water", ["name": subject.name, "drank": drank])
        guard cup, shown.context.mayRecord(for: id) else { return "\(said)" }
        return #"""
            \#(said) <form method="post" action="\#(PersonRoutes.water(id))" class="inline"><input type="hidden" name="_csrf" value="\#(shown.context.csrfToken)">\#
            <input type="hidden" name="change" value="-cup"><input type="hidden" name="from" value="home"><button type="submit">\#(format.t("home.did.undo"))</button></form>
            """#
    }

    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        let (rows, more) = shown.rows(.person, list: PersonRoutes.list)
        let found = try HearthStore.PersonToday.read(rows, on: shown.today, in: snapshot)
        guard !found.isEmpty else { return [] }
        let format = shown.format
        let household = shown.context.household
        let volume = household?.volumeUnit ?? .ml
        let people = found.map { person in
            let day = person.day
            return PeopleTodayCard.PersonToday(
                id: person.subject.id, name: person.subject.name, colour: person.subject.colour?.rawValue ?? "blue",
                water: PersonPage.Water(day.water, personID: person.subject.id, unit: volume, format: format),
                steps: day.steps.map { steps in
                    day.goals.steps.map { format.t("home.steps_of", ["steps": format.number(Double(steps)), "goal": format.number(Double($0))]) }
                        ?? format.t("people.steps.value", ["steps": format.number(Double(steps))])
                },
                stepsReached: day.steps.flatMap { steps in day.goals.steps.map { steps >= $0 } } ?? false,
                canRecord: shown.context.mayRecord(for: person.subject.id))
        }
        return [HomeCard(rank: 40, model: PeopleTodayCard(people: people, more: more))]
    }
}
