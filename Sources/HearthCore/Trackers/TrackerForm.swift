/// A tracker as its form (or the API, in the same names) describes it: `name`, `subjects`
/// (`species:cat`, `people`, `subject:12`), `regimen_id`, and a row of fields per field
/// (`field_#_name`, `field_#_kind`, `field_#_unit` …; `field_#_key` names one that exists).
/// Changing a tracker never changes what was recorded: a field with values keeps its kind, is
/// removed only when the member confirms (`confirm_remove`), and changes unit only where the
/// conversion is exact (then `conversions` says by what the stored values are multiplied).
public enum TrackerForm {
    /// Fields a tracker may have, and choices a field offers.
    public static let mostFields = 20, mostChoices = 20
    /// Options a choice field keeps, those offered and those retired that records still chose:
    /// an option nobody chose is dropped when it is left out, so edits cannot pile them up.
    public static let mostKeptChoices = 100
    /// What a number field's bounds may be.
    static let numberRange = -1_000_000.0...1_000_000.0

    public struct Result: Sendable, Equatable {
        public var tracker: TrackerInput
        /// Field key → the factor its stored values are multiplied by (a unit changed exactly).
        public var conversions: [String: Double]

        public init(tracker: TrackerInput, conversions: [String: Double]) { (self.tracker, self.conversions) = (tracker, conversions) }
    }

    /// Reads the form. `existing` is the tracker as it is (empty for a new one), `withValues`
    /// the keys of its fields some record holds a value of, `chosen` the options of its choice
    /// fields some record chose (by field key; the bin's records count, they may come back).
    public static func validate(
        _ input: [String: String], existing: [TrackerField] = [], withValues: Set<String> = [], chosen: [String: Set<String>] = [:]
    ) -> Validated<Result> {
        var errors = FieldErrors()
        // Every text typed into a row is held to its limit, whatever its kind reads of it.
        for (field, value) in input where field.hasPrefix("field_") {
            if case .characters = FieldLimits.limit(field) { FormInput.check(value, field: field, errors: &errors) }
        }
        let name = FormInput.text(input, "name", errors: &errors)
        if name == nil { errors.add("name", "error.text.required") }
        let subjects = TrackerSubjects(code: input["subjects", default: ""])
        if subjects == nil { errors.add("subjects", "error.choice.unknown") }
        var regimenID: Int64?
        if let raw = input["regimen_id"], !raw.isEmpty {
            regimenID = Int64(raw).flatMap { $0 > 0 ? $0 : nil }
            if regimenID == nil { errors.add("regimen_id", "error.choice.unknown") }
        }
        let confirmed = input["confirm_remove"] == "yes"
        var fields: [TrackerField] = []
        var conversions: [String: Double] = [:]
        var sent: Set<String> = []
        var rowOf: [String: Int] = [:]
        var nextKey = (existing.compactMap { Int($0.key.dropFirst()) }.max() ?? 0) + 1
        for row in rows(input, prefix: "field_") {
            let at = "field_\(row)_"
            let old = input["\(at)key"].flatMap { key in key.isEmpty ? nil : existing.first { $0.key == key } }
            if let key = input["\(at)key"], !key.isEmpty, old == nil {
                errors.add("\(at)key", "error.choice.unknown")
                continue
            }
            if let old { sent.insert(old.key) }
            if ["on", "yes", "1", "true"].contains(input["\(at)remove", default: ""]) {
                guard var old else { continue }
                if withValues.contains(old.key) && !confirmed && !old.removed { errors.add("\(at)remove", "trackers.error.remove_confirm") }
                old.removed = true
                fields.append(old)
                continue
            }
            let fieldName = FormInput.text(input, "\(at)name", errors: &errors)
            // A blank row (one to add a field) is passed over; one with anything typed is a field.
            let typed = input.contains {
                $0.key.hasPrefix(at) && !$0.key.hasSuffix("_key") && !$0.key.hasSuffix("_day") && !$0.value.trimmingCharacters(in: .whitespaces).isEmpty
            }
            guard typed || old != nil else { continue }
            guard let fieldName else {
                errors.add("\(at)name", "error.text.required")
                continue
            }
            let key = old?.key ?? "f\(nextKey)"
            if old == nil { nextKey += 1 }
            guard
                let kind = kind(
                    input, at, old: old, hasValues: old.map { withValues.contains($0.key) } ?? false, chosen: old.flatMap { chosen[$0.key] } ?? [],
                    errors: &errors)
            else { continue }
            if let old, withValues.contains(old.key), old.kind.code != kind.kind.code {
                errors.add("\(at)kind", "trackers.error.kind_change")
                continue
            }
            if let factor = kind.factor { conversions[key] = factor }
            rowOf[key] = row
            fields.append(TrackerField(key: key, name: fieldName, kind: kind.kind))
        }
        // A field the form did not send stays as it was: a form that lost a row removes nothing.
        for field in existing where !sent.contains(field.key) { fields.append(field) }
        let shown = fields.filter { !$0.removed }
        if shown.isEmpty { errors.add("field_1_name", "trackers.error.no_fields") }
        if fields.count > mostFields { errors.add("field_1_name", "trackers.error.too_many_fields", ["most": String(mostFields)]) }
        var names: Set<String> = []
        for field in shown where !names.insert(field.name.lowercased()).inserted {
            errors.add("field_\(rowOf[field.key] ?? 1)_name", "trackers.error.duplicate_name")
        }
        guard errors.isEmpty, let name, let subjects else { return .invalid(errors) }
        return .valid(Result(tracker: TrackerInput(name: name, subjects: subjects, fields: fields, regimenID: regimenID), conversions: conversions))
    }

    /// The row numbers a form sent under `prefix` (`field_3_name` is row 3), in order.
    public static func rows(_ input: [String: String], prefix: String) -> [Int] {
        Set(
            input.keys.compactMap { name -> Int? in
                guard name.hasPrefix(prefix) else { return nil }
                let rest = name.dropFirst(prefix.count)
                return Int(rest[..<(rest.firstIndex(of: "_") ?? rest.endIndex)]).flatMap { (1...99).contains($0) ? $0 : nil }
            }
        ).sorted()
    }

    static func kind(
        _ input: [String: String], _ at: String, old: TrackerField?, hasValues: Bool, chosen: Set<String>, errors: inout FieldErrors
    ) -> (kind: TrackerField.Kind, factor: Double?)? {
        func number(_ name: String, range: ClosedRange<Double> = numberRange, units: [String] = [], whole: Bool = false, required: Bool = false) -> Double? {
            FormInput.number(input, "\(at)\(name)", range: range, units: units, whole: whole, required: required, errors: &errors)
        }
        switch input["\(at)kind", default: old?.kind.code ?? ""] {
        case "number":
            let unit = FormInput.text(input, "\(at)unit", errors: &errors) ?? ""
            let units = unit.isEmpty ? [] : [unit]
            guard let low = number("low", units: units, required: true), let high = number("high", units: units, required: true) else { return nil }
            guard low < high else {
                errors.add("\(at)high", "trackers.error.bounds_order")
                return nil
            }
            let step = number("step", range: 0.000_001...(high - low), units: units) ?? 1
            let day: NumberField.DayTotal? = FormInput.choice(input, "\(at)day", default: .mean, errors: &errors)
            let goalLow = number("goal_low", range: low...high, units: units), goalHigh = number("goal_high", range: low...high, units: units)
            if let goalLow, let goalHigh, goalLow > goalHigh { errors.add("\(at)goal_high", "trackers.error.bounds_order") }
            let urgent = number("urgent", range: low...high, units: units)
            var factor: Double?
            if case .number(let was) = old?.kind, was.unit != unit, hasValues {
                guard let exact = UnitConversion.exactFactor(from: was.unit, to: unit) else {
                    errors.add("\(at)unit", "trackers.error.unit_change", ["was": was.unit])
                    return nil
                }
                factor = exact
            }
            guard let day else { return nil }
            let goal = goalLow.flatMap { low in goalHigh.flatMap { high in low <= high ? low...high : nil } }
            return (.number(NumberField(unit: unit, low: low, high: high, step: step, day: day, goal: goal, urgentFrom: urgent)), factor)
        case "yes_no":
            return (.yesNo, nil)
        case "scale", "choice":
            let isScale = input["\(at)kind", default: old?.kind.code ?? ""] == "scale"
            guard let choices = choices(input, at, old: old, scale: isScale, hasValues: hasValues, chosen: chosen, errors: &errors) else { return nil }
            return (isScale ? .scale(choices) : .choice(choices), nil)
        case "duration":
            let most = number("most", range: 1...1440, units: NumberUnits.minutes, whole: true).map { Int($0) * 60 } ?? 3600
            let urgent = number("urgent", range: 0...Double(most) / 60, units: NumberUnits.minutes).map { Int(($0 * 60).rounded()) }
            return (.duration(most: most, urgentFrom: urgent), nil)
        case "text":
            return (.text, nil)
        default:
            errors.add("\(at)kind", "error.choice.unknown")
            return nil
        }
    }

    /// A scale's steps or a choice's options, `field_#_choice_#` (with `_key` for one that
    /// exists). An option left out of the form is kept, retired, when a record chose it (it is in
    /// `chosen`), and dropped when none did.
    static func choices(
        _ input: [String: String], _ at: String, old: TrackerField?, scale: Bool, hasValues: Bool, chosen: Set<String>, errors: inout FieldErrors
    ) -> [TrackerChoice]? {
        var was: [TrackerChoice] = []
        switch old?.kind {
        case .scale(let choices), .choice(let choices): was = choices
        default: break
        }
        var choices: [TrackerChoice] = []
        var labels: Set<String> = []
        var nextKey = (was.compactMap { Int($0.key.dropFirst()) }.max() ?? 0) + 1
        for row in rows(input, prefix: "\(at)choice_") {
            let name = "\(at)choice_\(row)"
            guard let label = FormInput.text(input, name, errors: &errors) else { continue }
            if !labels.insert(label.lowercased()).inserted { errors.add(name, "trackers.error.duplicate_choice") }
            if let key = input["\(name)_key"], !key.isEmpty {
                guard was.contains(where: { $0.key == key }) else {
                    errors.add(name, "error.choice.unknown")
                    continue
                }
                choices.append(TrackerChoice(key: key, label: label))
            } else {
                choices.append(TrackerChoice(key: "c\(nextKey)", label: label))
                nextKey += 1
            }
        }
        if choices.count < 2 { errors.add("\(at)choice_1", "trackers.error.few_choices") }
        if choices.count > mostChoices { errors.add("\(at)choice_1", "trackers.error.too_many_choices", ["most": String(mostChoices)]) }
        if scale {
            // A scale's records keep their step's place: with records, its steps stay as many.
            if hasValues, choices.count != was.count { errors.add("\(at)choice_1", "trackers.error.scale_steps", ["steps": String(was.count)]) }
        } else {
            for choice in was where chosen.contains(choice.key) && !choices.contains(where: { $0.key == choice.key }) {
                choices.append(TrackerChoice(key: choice.key, label: choice.label, retired: true))
            }
            if choices.count > mostKeptChoices {
                errors.add("\(at)choice_1", "trackers.error.too_many_kept_choices", ["most": String(mostKeptChoices)])
            }
        }
        return choices
    }
}
