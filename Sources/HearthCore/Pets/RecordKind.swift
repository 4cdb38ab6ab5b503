/// Everything one kind of record is, in one place. A new `EntryKind` case does not compile
/// until it is described in `of(_:)`, and `RecordKindTests` fails until every place that
/// lists kinds has it: its detail table, its form, its mark on the calendar and the report,
/// its words in both languages, its export kind and its way onto the pet's page.
public struct RecordKind: Sendable, Equatable {
    public let kind: EntryKind
    /// The tables its details live in, each row keyed by `entry_id`.
    public let tables: [String]
    /// The record form's own fields (besides date, time, note and photos).
    public let fields: [String]
    /// How many photos a record of this kind may carry.
    public let maximumPhotos: Int
    /// Given by a vet or on a cycle, with its own "due" dates.
    public let isCare: Bool
    /// A big button on the pet's page: the records of every day.
    public let everyDay: Bool
    /// The household export's kind (a CSV file, a JSON key) that holds its rows.
    public let exportKind: String

    public static func of(_ kind: EntryKind) -> RecordKind {
        switch kind {
        case .weight:
            RecordKind(
                kind: kind, tables: ["weight_entry"], fields: ["weight", "weight_confirmed", "unit"], maximumPhotos: 0, isCare: false, everyDay: true,
                exportKind: "weights")
        case .meal:
            RecordKind(
                kind: kind, tables: ["meal_entry"],
                fields: ["food_id", "new_food_name", "new_food_kind", "new_food_kcal", "new_food_kcal_piece", "amount", "amount_unit", "outcome"],
                maximumPhotos: 4, isCare: false, everyDay: true, exportKind: "meals")
        case .toilet:
            RecordKind(
                kind: kind, tables: ["excretion_entry"], fields: ["urine", "stool", "colour", "fecal_score", "blood", "mucus"], maximumPhotos: 4, isCare: false,
                everyDay: true,
                exportKind: "toilets")
        case .walk:
            RecordKind(
                kind: kind, tables: ["walk_entry"], fields: ["activity", "minutes", "distance_km"], maximumPhotos: 4, isCare: false, everyDay: false,
                exportKind: "walks")
        case .vomit:
            RecordKind(
                kind: kind, tables: ["vomit_entry"], fields: ["times", "contents"], maximumPhotos: 4, isCare: false, everyDay: false, exportKind: "vomits")
        case .symptom:
            RecordKind(
                kind: kind, tables: ["symptom_entry"], fields: ["signs", "severity", "description"], maximumPhotos: 10, isCare: false, everyDay: false,
                exportKind: "symptoms")
        case .diary:
            RecordKind(kind: kind, tables: ["diary_entry"], fields: ["title", "text"], maximumPhotos: 20, isCare: false, everyDay: false, exportKind: "diary")
        case .vaccination:
            RecordKind(
                kind: kind, tables: ["vaccination_entry", "vaccine_given"], fields: ["vaccines", "clinic_id", "clinic_name", "vet"], maximumPhotos: 4,
                isCare: true,
                everyDay: false, exportKind: "vaccinations")
        case .preventive:
            RecordKind(
                kind: kind, tables: ["preventive_entry"], fields: ["preventive", "product", "cycle", "cycle_days", "next_due"], maximumPhotos: 4, isCare: true,
                everyDay: false,
                exportKind: "preventives")
        case .vetVisit:
            RecordKind(
                kind: kind, tables: ["vet_visit_entry"],
                fields: ["clinic_id", "clinic_name", "reason", "diagnosis", "treatment", "medicines", "cost", "follow_up"],
                maximumPhotos: 10, isCare: true, everyDay: false, exportKind: "vet_visits")
        case .tracker:
            // Its own fields are the tracker's (`tracker_<key>`), named by its definition.
            RecordKind(
                kind: kind, tables: ["tracker_entry", "tracker_value"], fields: ["tracker"], maximumPhotos: 4, isCare: false, everyDay: false,
                exportKind: "trackers")
        }
    }

    /// Every kind, in the order a day's marks stand on the calendar and in a legend.
    public static let all: [RecordKind] =
        [EntryKind.meal, .toilet, .walk, .weight, .vomit, .symptom, .tracker, .diary, .vaccination, .preventive, .vetVisit].map(of)

    /// The fields every record form has, whatever its kind.
    public static let commonFields = ["date", "time", "note", "photos"]

    /// Each kind's description, made once: `isCare` is asked of every row a timeline reads.
    fileprivate static let byKind = Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0) })
}

extension EntryKind {
    /// Its description (`RecordKind`): tables, form, photos, marks, export.
    public var recordKind: RecordKind { RecordKind.byKind[self]! }

    /// Care records: given by a vet or on a cycle, with their own "due" dates.
    public var isCare: Bool { recordKind.isCare }

    /// How many photos a record of this kind may carry.
    public var maximumPhotos: Int { recordKind.maximumPhotos }
}
