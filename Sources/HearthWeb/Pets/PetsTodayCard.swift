import HearthHTML
import HearthCore
import HearthStore

/// The home page's pets: each pet's records so far ("Meal ×2 · Toilet ×1") and latest weight.
struct PetsTodayCard: Page {
    static let template = "pets/home"
    let pets: [PetToday]
    /// "N more — see all" when home has no row for some.
    let more: DaySection.Link?

    struct PetToday: PagePart {
        let id: Int64
        let name: String
        let photo: String?
        let records: String
        let weight: String?
        let canRecord: Bool
        /// "사료 40 g": the usual meal, in one tap.
        var usualMeal: UsualMeal? = nil

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "links": SubjectPageLinks(kind: .pet, id: id)
            case "name": self.name
            case "photo": photo ?? false
            case "records": records
            case "weight": weight ?? false
            case "canRecord": canRecord
            case "usualMeal": usualMeal ?? false
            default: nil
            }
        }
    }

    /// The fields of the record form's meal, filled with the usual food and amount.
    struct UsualMeal: PagePart {
        /// What the button says: the food (cut short on a phone) and its amount (never cut).
        let food: String
        let amountLabel: String?
        let foodID: Int64
        let amount: String
        let unit: String
        /// Now, for a page without scripts; `app.js` fills the moment of the tap.
        let date: String
        let time: String

        func child(named name: String) -> Any? {
            switch name {
            case "food": food
            case "amountLabel": amountLabel ?? false
            case "foodID": foodID
            case "amount": amount
            case "unit": unit
            case "date": date
            case "time": time
            default: nil
            }
        }
    }

    func child(named name: String) -> Any? {
        switch name {
        case "pets": pets
        case "more": more
        default: nil
        }
    }
}

/// Pets' part of other pages: today on the home page, the records' sections of a report.
enum PetsCards: AreaCards {
    static let exportKinds = HouseholdExport.petKinds
    static let demo: (any DemoStep.Type)? = PetsDemo.self

    /// A dot per kind of record on the day, with its count.
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {
        // Each kind's word and class once a page, not once a dot.
        let kinds = CalendarHTML.kindOrder.map { kind -> (kind: EntryKind, classes: HTML, name: String) in
            (kind, "kind-\(kind.rawValue)", shown.format.t("pets.kind.\(kind.rawValue)"))
        }
        shown.dots(into: &dots) { marks in
            kinds.compactMap { kind in marks.records[kind.kind].map { MonthDot(rank: 10, classes: kind.classes, label: "\(kind.name) ×\($0)") } }
        }
    }

    static func calendarLegend(_ format: Formatting) -> [MonthDot] {
        CalendarHTML.kindOrder.map { MonthDot(rank: 10, classes: "kind-\($0.rawValue)", label: format.t("pets.kind.\($0.rawValue)")) }
    }

    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try RecordsReportHTML.sections(shown, snapshot)
    }

    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        let (rows, more) = shown.rows(.pet, list: PetRoutes.list)
        let found = try HearthStore.PetToday.read(rows, on: shown.today, in: snapshot)
        guard !found.isEmpty else { return [] }
        let format = shown.format
        let pets = found.map { pet in
            let records = CalendarHTML.kindOrder.compactMap { kind in
                pet.records[kind].map { "\(format.t("pets.kind.\(kind.rawValue)")) ×\($0)" }
            }
            var row = PetsTodayCard.PetToday(
                id: pet.subject.id, name: pet.subject.name, photo: pet.subject.photoSHA.map(PhotoURL.thumbnail),
                records: records.isEmpty ? format.t("home.nothing_yet") : records.joined(separator: " · "),
                weight: pet.latestWeightGrams.map { format.weight(grams: $0, unit: pet.subject.petWeightUnit ?? .kg) },
                canRecord: shown.canRecord)
            if shown.canRecord, let meal = pet.usualMeal {
                let amount = meal.amount.map {
                    "\(format.number($0)) \(format.t("pets.amount_unit.\(meal.unit == .pieces && $0 == 1 ? "piece" : meal.unit.rawValue)"))"
                }
                row.usualMeal = PetsTodayCard.UsualMeal(
                    food: meal.foodName, amountLabel: amount, foodID: meal.foodID,
                    amount: meal.amount.map(RecordsController.number) ?? "", unit: meal.unit.rawValue,
                    date: shown.today.description, time: LocalTime.clock(shown.now, in: shown.context.timeZone))
            }
            return row
        }
        return [HomeCard(rank: 30, model: PetsTodayCard(pets: pets, more: more))]
    }

    /// `?logged=<id>`: the record a quick log on home just saved, with its undo; `?undone=record`
    /// once it was taken back.
    static func didOnHome(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HTML? {
        let format = shown.format
        if shown.query["undone"] == "record" { return "\(format.t("home.did.undone"))" }
        guard let id = shown.query["logged"].flatMap({ Int64($0) }), let entry = try EntryRepository.entry(id: id, in: snapshot),
            let pet = shown.subjects.first(where: { $0.id == entry.subjectID })
        else { return nil }
        let (title, detail) = format.summary(entry, unit: pet.petWeightUnit ?? .kg)
        let said = format.t("home.did.logged", ["name": pet.name, "what": detail.isEmpty ? title : "\(title) — \(detail)"])
        guard shown.canRecord else { return "\(said)" }
        return
            #"\#(said) <form method="post" action="\#(RecordRoutes.delete(id))?from=home" class="inline"><input type="hidden" name="_csrf" value="\#(shown.context.csrfToken)"><button type="submit">\#(format.t("home.did.undo"))</button></form>"#
    }
}
