import Foundation

/// The kinds of thing that happen to a pet in a day.
public enum EntryKind: String, Codable, Sendable, CaseIterable {
    case diary, weight, meal, toilet, vomit, symptom, walk
    case vaccination, preventive
    case vetVisit = "vet_visit"
    /// A record of one of the household's own trackers (`TrackerInput`).
    case tracker
}

public enum FoodKind: String, Codable, Sendable, CaseIterable { case food, snack, treat }
public enum AmountUnit: String, Codable, Sendable, CaseIterable { case g, pieces }
public enum MealOutcome: String, Codable, Sendable, CaseIterable {
    case all, some, refused
}
public enum FoodPreference: String, Codable, Sendable, CaseIterable {
    case loves, likes, neutral, dislikes, allergic

    /// Loved foods first when picking; allergies last, but still shown (and marked).
    public var pickingOrder: Int {
        switch self {
        case .loves: 0
        case .likes: 1
        case .neutral: 2
        case .dislikes: 3
        case .allergic: 4
        }
    }
}
public enum Activity: String, Codable, Sendable, CaseIterable { case walk, play }

/// Colours a toilet record can note.
public enum ExcretionColour: String, Codable, Sendable, CaseIterable {
    case brown, dark_brown, light_brown, yellow, orange, green, red, black, grey, white, clear
}

/// What a meal was: a food already on the household's list, or one typed in now.
public enum FoodChoice: Sendable, Equatable {
    case existing(id: Int64)
    case new(name: String, kind: FoodKind, kcalPer100g: Double?, kcalPerPiece: Double? = nil)
}

/// The kind-specific part of a record.
public enum RecordDetails: Sendable, Equatable {
    case diary(title: String?, text: String?)
    case weight(value: Double, unit: BodyWeightUnit)
    case meal(food: FoodChoice, amount: Double?, unit: AmountUnit, outcome: MealOutcome)
    case toilet(urine: Bool, stool: Bool, colour: ExcretionColour?, fecalScore: Int?, blood: Bool, mucus: Bool)
    case vomit(times: Int, contents: String?)
    case symptom(signs: [String], severity: Int, description: String?)
    case walk(activity: Activity, minutes: Int, distanceKm: Double?)
    case vaccination(VaccinationVisit)
    case preventive(PreventiveGiven)
    case vetVisit(VetVisit)
    case tracker(TrackerEntry)

    public var kind: EntryKind {
        switch self {
        case .diary: .diary
        case .weight: .weight
        case .meal: .meal
        case .toilet: .toilet
        case .vomit: .vomit
        case .symptom: .symptom
        case .walk: .walk
        case .vaccination: .vaccination
        case .preventive: .preventive
        case .vetVisit: .vetVisit
        case .tracker: .tracker
        }
    }
}

/// One record as entered: when (as the household's clock said), a note, and its details.
public struct RecordInput: Sendable, Equatable {
    public var occurredAt: Date
    public var localDate: LocalDate
    public var note: String?
    public var details: RecordDetails

    public init(occurredAt: Date, localDate: LocalDate, note: String?, details: RecordDetails) {
        self.occurredAt = occurredAt
        self.localDate = localDate
        self.note = note
        self.details = details
    }

    /// Validates a record form of `kind` for a pet of `species` (nil: a person). Dates and times
    /// are read in the household's `timeZone`; a record may not be more than a day in the future.
    /// A tracker's record is read against `tracker`, the definition the form was drawn from.
    public static func validate(
        _ kind: EntryKind, _ input: [String: String], species: Species?, timeZone: TimeZone, vaccines: [VaccineSchedule] = [], currency: String? = nil,
        tracker: (id: Int64, input: TrackerInput)? = nil, now: Date = Date()
    ) -> Validated<RecordInput> {
        var errors = FieldErrors()
        func text(_ name: String) -> String? { FormInput.text(input, name, errors: &errors) }
        func number(_ name: String, range: ClosedRange<Double>, units: [String] = [], whole: Bool = false, required: Bool) -> Double? {
            FormInput.number(input, name, range: range, units: units, whole: whole, required: required, errors: &errors)
        }
        func flag(_ name: String) -> Bool { ["on", "yes", "true", "1"].contains(input[name, default: ""]) }

        var occurredAt: Date?
        let date = input["date", default: ""], time = input["time", default: ""]
        switch LocalTime.instant(date: date, time: time, in: timeZone) {
        case .success(let instant):
            if instant > now.addingTimeInterval(24 * 3600) { errors.add("date", "error.date.future") } else { occurredAt = instant }
        case .failure(.badDate): errors.add("date", "error.date.invalid")
        case .failure(.badTime): errors.add("time", "error.time.invalid")
        case .failure(.skippedByClockChange): errors.add("time", "error.time.skipped")
        }
        let note = text("note")

        var details: RecordDetails?
        switch kind {
        case .diary:
            let title = text("title"), body = text("text")
            details = .diary(title: title, text: body)
        case .weight:
            let unit: BodyWeightUnit? = FormInput.choice(input, "unit", default: species?.defaultWeightUnit ?? .kg, errors: &errors)
            let limit = unit == .g ? 200_000.0 : 200.0
            if let unit, let value = number("weight", range: 0.001...limit, units: NumberUnits.weight(unit), required: true) {
                details = .weight(value: value, unit: unit)
            }
        case .meal:
            var food: FoodChoice?
            // A food typed wins over the list's choice: the form opens on the usual food, and a
            // member who types "오리 트릿" below it means that one.
            if let name = text("new_food_name") {
                let kind: FoodKind? = FormInput.choice(input, "new_food_kind", default: .food, errors: &errors)
                let kcal = number("new_food_kcal", range: 0...1000, units: NumberUnits.kcal, required: false)
                let perPiece = number("new_food_kcal_piece", range: 0...5000, units: NumberUnits.kcal, required: false)
                if let kind { food = .new(name: name, kind: kind, kcalPer100g: kcal, kcalPerPiece: perPiece) }
            } else if let id = Int64(input["food_id", default: ""]) {
                food = .existing(id: id)
            } else {
                errors.add("food_id", "pets.error.meal.food_required")
            }
            let unit: AmountUnit? = FormInput.choice(input, "amount_unit", default: .g, errors: &errors)
            let amount = number("amount", range: 0...100_000, units: unit == .pieces ? NumberUnits.pieces : NumberUnits.grams, required: false)
            let outcome: MealOutcome? = FormInput.choice(input, "outcome", default: .all, errors: &errors)
            if let food, let outcome, let unit { details = .meal(food: food, amount: amount, unit: unit, outcome: outcome) }
        case .toilet:
            let urine = flag("urine"), stool = flag("stool")
            if !urine && !stool { errors.add("urine", "pets.error.toilet.what") }
            var colour: ExcretionColour?
            if let raw = input["colour"], !raw.isEmpty {
                colour = ExcretionColour(rawValue: raw)
                if colour == nil { errors.add("colour", "error.choice.unknown") }
            }
            var score: Int?
            if let raw = input["fecal_score"], !raw.isEmpty {
                score = Int(raw)
                if score == nil || !(1...7).contains(score!) {
                    errors.add("fecal_score", "pets.error.toilet.score")
                    score = nil
                }
                if !stool { errors.add("fecal_score", "pets.error.toilet.score_without_stool") }
            }
            details = .toilet(urine: urine, stool: stool, colour: colour, fecalScore: score, blood: flag("blood"), mucus: flag("mucus"))
        case .vomit:
            let times = number("times", range: 1...50, units: NumberUnits.times, whole: true, required: false).map { Int($0) } ?? 1
            details = .vomit(times: times, contents: text("contents"))
        case .symptom:
            let offered = Set(species?.symptoms ?? [])
            let signs = input.keys.filter { $0.hasPrefix("sign_") }.map { String($0.dropFirst(5)) }.filter { offered.contains($0) && flag("sign_\($0)") }
                .sorted()
            let description = text("description")
            if signs.isEmpty && description == nil { errors.add("signs", "pets.error.symptom.what") }
            let severity = number("severity", range: 1...5, whole: true, required: true).map { Int($0) }
            if let severity { details = .symptom(signs: signs, severity: severity, description: description) }
        case .walk:
            let activity: Activity? = FormInput.choice(input, "activity", default: .walk, errors: &errors)
            let minutes = number("minutes", range: 1...1440, units: NumberUnits.minutes, whole: true, required: true).map { Int($0) }
            let distance = number("distance_km", range: 0...200, units: NumberUnits.kilometres, required: false)
            if let minutes, let activity { details = .walk(activity: activity, minutes: minutes, distanceKm: distance) }
        case .vaccination:
            details = VaccinationVisit.validate(input, vaccines: vaccines, errors: &errors).map(RecordDetails.vaccination)
        case .preventive:
            details = PreventiveGiven.validate(input, errors: &errors).map(RecordDetails.preventive)
        case .vetVisit:
            details = VetVisit.validate(input, currency: currency, errors: &errors).map(RecordDetails.vetVisit)
        case .tracker:
            guard let tracker else {
                errors.add("tracker", "error.choice.unknown")
                break
            }
            if let drawn = input["tracker_version"], !drawn.isEmpty, drawn != tracker.input.version {
                errors.add("tracker_version", "trackers.error.changed")
                break
            }
            let values = TrackerRecord.values(input, of: tracker.input, errors: &errors)
            // With the definition it was checked against: the write refuses it if that changed since.
            details = .tracker(TrackerEntry(trackerID: tracker.id, values: values, tracker: tracker.input))
        }
        if let occurredAt, let details { CareDates.check(details, after: LocalDate(occurredAt, in: timeZone), errors: &errors) }
        guard errors.isEmpty, let occurredAt, let details else { return .invalid(errors) }
        return .valid(RecordInput(occurredAt: occurredAt, localDate: LocalDate(occurredAt, in: timeZone), note: note, details: details))
    }
}
