import HearthHTML
import HearthCore
import HearthStore

/// The home page's pets: each pet's records so far ("Meal ×2 · Toilet ×1") and latest weight.
struct PetsTodayCard: Page {
    static let template = "pets/home"
    let pets: [PetToday]

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
            case "links": SubjectPageLinks(kind: .pet, id: id)
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
        name == "pets" ? pets : nil
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
        let found = try HearthStore.PetToday.read(shown.subjects, on: shown.today, in: snapshot)
        guard !found.isEmpty else { return [] }
        let format = shown.format
        let pets = found.map { pet in
            let records = CalendarHTML.kindOrder.compactMap { kind in
                pet.records[kind].map { "\(format.t("pets.kind.\(kind.rawValue)")) ×\($0)" }
            }
            return PetsTodayCard.PetToday(
                id: pet.subject.id, name: pet.subject.name, photo: pet.subject.photoSHA.map(PhotoURL.thumbnail),
                records: records.isEmpty ? format.t("home.nothing_yet") : records.joined(separator: " · "),
                weight: pet.latestWeightGrams.map { format.weight(grams: $0, unit: pet.subject.petWeightUnit ?? .kg) },
                canRecord: shown.canRecord)
        }
        return [HomeCard(rank: 40, model: PetsTodayCard(pets: pets))]
    }
}
