import Foundation
import HearthCore
import HearthStore

/// What the history's lines name: whose a change was (the subject), what the record was (as its
/// timeline says it: "간식 — 닭가슴살 져키 · 1 개"), and each value as its own page shows it: a
/// chosen option by its label in the member's language (`species` dog → 개), a food or a subject
/// by its name, never the JSON, raw key or id the database keeps. What has no words of its own
/// says only that it changed.
struct HistoryNames {
    var subjects: [Int64: SubjectSummary] = [:]
    /// The records the lines are about, in the bin or not.
    var entries: [Int64: StoredEntry] = [:]
    var foods: [Int64: String] = [:]

    /// Reads what `history` names, for the subjects the member may see: its records (a record's
    /// line names its food itself), and the foods a meal's changes point at.
    static func read(
        _ history: [HistoryEntry], subjects: [SubjectSummary], entries: EntryRepository, foods: FoodRepository, access: SubjectAccess
    ) throws -> HistoryNames {
        var names = HistoryNames(subjects: Dictionary(subjects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
        let entryIDs = Set(history.filter { $0.record == "entry" }.compactMap { Int64($0.recordID) })
        names.entries = Dictionary(
            try entries.entries(ids: Array(entryIDs), access: access).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var foodIDs: Set<Int64> = []
        for change in history.flatMap(\.changes) where change.column == "food_id" {
            for value in [change.old, change.new] {
                switch value {
                case .number(let number): if let id = Int64(exactly: number) { foodIDs.insert(id) }
                case .text(let text): if let id = Int64(text) { foodIDs.insert(id) }
                default: break
                }
            }
        }
        names.foods = try foods.names(ids: Array(foodIDs))
        return names
    }

    /// "토리 · 간식 — 닭가슴살 져키 · 1 개 · 12월 7일 08:31": whose, and what the record was.
    func about(_ entry: HistoryEntry, format: Formatting) -> String {
        var parts: [String] = []
        if let id = entry.subjectID, let subject = subjects[id] { parts.append(subject.name) }
        if entry.record == "entry", let id = Int64(entry.recordID), let record = entries[id] {
            let said = format.summary(record, unit: subjects[record.subjectID]?.petWeightUnit ?? .kg)
            parts.append(said.detail.isEmpty ? said.title : "\(said.title) — \(said.detail)")
            parts.append(format.shortDay(record.localDate) + " " + format.clock(record.occurredAt))
        } else if format.strings.has("history.what.\(entry.record)") {
            parts.append(format.t("history.what.\(entry.record)"))
        }
        return parts.joined(separator: " · ")
    }

    /// The label keys a column's stored choices are said by, tried in order (a list, "2,4,6" or
    /// "sneezing,cough", is said item by item).
    static let labels: [String: [String]] = [
        "species": ["pets.species."], "outcome": ["pets.outcome."], "amount_unit": ["pets.amount_unit."], "activity": ["pets.activity."],
        "colour": ["pets.colour.", "people.colour."], "sex": ["people.sex."], "role": ["role."], "weight_unit": ["unit."],
        "preference": ["pets.preference."], "cycle": ["care.cycle."], "feeding_stage": ["care.feeding.choice."], "unit": ["regimens.unit."],
        "repeat": ["regimens.repeat.", "routines.repeat."], "assignment": ["routines.assign."], "ready_made": ["trackers.ready."],
        "signs": ["pets.symptom."], "weekdays": ["regimens.weekday."], "preventive": ["care.preventive."],
    ]

    /// Columns holding minutes of the day (a dose's 480 is 08:00; a schedule's "480,1200"), by
    /// table: a vomit's `times` is a count.
    static let clockColumns: Set<String> = ["dose.time", "dose_change.time", "dose_change.moved_to", "regimen_schedule.times", "routine.times"]
    /// Columns holding yes or no (SQLite's 1 and 0).
    static let yesNoColumns: Set<String> = [
        "urine", "stool", "blood", "mucus", "favourite", "open_24_hours", "maybe_24_hours", "birth_date_estimated", "neutered", "prescription",
        "water_by_hand", "remind",
    ]

    /// The value as words, nil when it has none the member could read (the line then says only
    /// that the field changed).
    func said(_ value: HistoryEntry.Value, column: String, table: String, record: String = "", format: Formatting) -> String? {
        let clock = Self.clockColumns.contains("\(table).\(column)")
        // A tracker's choice is kept by its key ("c1"): said by its words on the record's tracker.
        if table == "tracker_value", column == "text", case .text(let key) = value, let id = Int64(record),
            case .tracker(let reading)? = entries[id]?.details,
            let label = reading.tracker?.fields.lazy.compactMap({ field -> String? in
                switch field.kind {
                case .choice(let choices), .scale(let choices): choices.first { $0.key == key }?.label
                default: nil
                }
            }).first
        {
            return label
        }
        switch value {
        case .none: return format.t("history.empty_value")
        case .instant(let instant): return format.moment(instant)
        case .number(let number):
            if column == "food_id" { return Int64(exactly: number).flatMap { foods[$0] } }
            if Self.yesNoColumns.contains(column) { return format.t(number == 0 ? "history.no" : "history.yes") }
            if clock, let minutes = Int(exactly: number) { return format.minutes(minutes) }
            return format.number(number)
        case .text(let text):
            if column == "food_id" { return Int64(text).flatMap { foods[$0] } }
            if column == "code" { return format.vaccine(text, text) }
            if column == "language", let language = Language(rawValue: text) { return format.strings.text("language.name", language) }
            if column == "subjects", let subjects = TrackerSubjects(code: text) {
                switch subjects {
                case .people: return format.t("trackers.for.people")
                case .species(let species): return format.t("trackers.for.species", ["species": format.t("pets.species.\(species.rawValue)")])
                case .subject(let id): return self.subjects[id]?.name
                }
            }
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if clock, !items.isEmpty {
                let clocks = items.compactMap { Int($0).map(format.minutes) }
                if clocks.count == items.count { return clocks.joined(separator: ", ") }
            }
            if let prefixes = Self.labels[column] {
                let named = items.compactMap { item in prefixes.first { format.strings.has($0 + item) }.map { format.t($0 + item) } }
                if !items.isEmpty && named.count == items.count { return named.joined(separator: ", ") }
            }
            return Self.isMachineWords(text) ? nil : text
        }
    }

    /// JSON, or a code (`species:cat`, `as_needed`) no label was found for: the database's
    /// words, not the household's. A plain word is shown as typed (a food called "kibble").
    static func isMachineWords(_ text: String) -> Bool {
        text.hasPrefix("{") || text.hasPrefix("[") || text.wholeMatch(of: /[a-z][a-z0-9]*([_:][a-z0-9]+)+/) != nil
    }
}
