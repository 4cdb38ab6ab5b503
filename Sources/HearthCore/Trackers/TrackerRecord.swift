/// A tracker's record as its form (or the API) sends it: `tracker_<key>` for each field
/// (`yes`/`no` for yes-or-no, a step's number, a choice's key, text), a duration as
/// `tracker_<key>_min` and `tracker_<key>_sec`. Numbers go through the household's number
/// reader with the field's unit; a value outside a field's bounds is refused on its field.
public enum TrackerRecord {
    /// The values by field key; at least one field must be filled.
    public static func values(_ input: [String: String], of tracker: TrackerInput, errors: inout FieldErrors) -> [String: TrackerValue] {
        var values: [String: TrackerValue] = [:]
        let shown = tracker.fields.filter { !$0.removed }
        // Whatever a field's kind reads of it, what was typed is held to the field's length first.
        for (name, value) in input where name.hasPrefix("tracker_") {
            if case .characters = FieldLimits.limit(name) { FormInput.check(value, field: name, errors: &errors) }
        }
        for field in shown {
            let name = "tracker_\(field.key)"
            let raw = input[name, default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
            switch field.kind {
            case .number(let rules):
                let units = rules.unit.isEmpty ? [] : [rules.unit]
                guard let value = FormInput.number(input, name, range: rules.low...rules.high, units: units, errors: &errors) else { continue }
                let steps = (value - rules.low) / rules.step
                guard abs(steps - steps.rounded()) < 1e-6 else {
                    errors.add(name, "trackers.error.step", ["step": written(rules.step)])
                    continue
                }
                values[field.key] = .number(value)
            case .yesNo:
                switch raw {
                case "": continue
                case "yes": values[field.key] = .yes(true)
                case "no": values[field.key] = .yes(false)
                default: errors.add(name, "error.choice.unknown")
                }
            case .scale(let steps):
                guard !raw.isEmpty else { continue }
                guard let step = Int(raw), (1...steps.count).contains(step) else {
                    errors.add(name, "error.choice.unknown")
                    continue
                }
                values[field.key] = .step(step)
            case .choice(let choices):
                guard !raw.isEmpty else { continue }
                guard choices.contains(where: { $0.key == raw && !$0.retired }) else {
                    errors.add(name, "error.choice.unknown")
                    continue
                }
                values[field.key] = .choice(raw)
            case .duration(let most, _):
                let minutes = FormInput.number(input, "\(name)_min", range: 0...Double(most / 60), units: NumberUnits.minutes, whole: true, errors: &errors)
                let seconds = FormInput.number(input, "\(name)_sec", range: 0...59, units: NumberUnits.seconds, whole: true, errors: &errors)
                guard minutes != nil || seconds != nil else { continue }
                let total = Int(minutes ?? 0) * 60 + Int(seconds ?? 0)
                guard total <= most else {
                    errors.add("\(name)_min", "error.number.range", ["low": "0", "high": String(most / 60)])
                    continue
                }
                values[field.key] = .seconds(total)
            case .text:
                if let text = FormInput.text(input, name, errors: &errors) { values[field.key] = .text(text) }
            }
        }
        if values.isEmpty && errors.isEmpty, let first = shown.first {
            if case .duration = first.kind {
                errors.add("tracker_\(first.key)_min", "trackers.error.empty")
            } else {
                errors.add("tracker_\(first.key)", "trackers.error.empty")
            }
        }
        return values
    }

    /// A step as a message says it: `1`, `0.5`.
    static func written(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return whole.grouped }
        return String(value)
    }
}
