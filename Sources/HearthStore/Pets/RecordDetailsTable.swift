import Foundation
import GRDB
import HearthCore

/// Where one kind of record keeps its details: written with its entry, and read back for a
/// page's records of that kind in one query. Every kind has one (`EntryKind.detailTable`, a
/// switch over every kind: a new kind does not compile without it), and `EntryRepository`
/// reads and writes details only through them.
protocol RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws
    /// The details of the records among `ids` (all of this kind), by entry.
    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails]
}

/// A record's details as read, with what the page shows beside them.
struct ReadDetails {
    var details: RecordDetails
    /// For meals: the food's name and kind, resolved.
    var foodName: String?
    var foodKind: FoodKind?
    /// For a weight: the subject's weighing just before it, in grams.
    var previousWeightGrams: Double?
}

/// Record ids as one SQL argument (`WHERE entry_id IN (SELECT value FROM json_each(?))`), so
/// each kind's query is prepared once, however many records a page has.
struct IDList {
    let ids: [Int64]
    var argument: StatementArguments { [ids.isEmpty ? "[]" : "[" + ids.map(String.init).joined(separator: ",") + "]"] }
    static let condition = "entry_id IN (SELECT value FROM json_each(?))"
}

extension EntryKind {
    var detailTable: any RecordDetailsTable.Type {
        switch self {
        case .weight: WeightTable.self
        case .meal: MealTable.self
        case .toilet: ToiletTable.self
        case .vomit: VomitTable.self
        case .symptom: SymptomTable.self
        case .walk: WalkTable.self
        case .diary: DiaryTable.self
        case .vaccination: VaccinationTable.self
        case .preventive: PreventiveTable.self
        case .vetVisit: VetVisitTable.self
        case .tracker: TrackerTable.self
        }
    }
}
