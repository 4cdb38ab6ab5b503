import HearthCore
import HearthHTML

/// A tracker's record form: one input a field the tracker has now, named `tracker_<key>` (a
/// duration `tracker_<key>_min` and `_sec`), each with its bounds said beside it and its error
/// under it. Drawn the same for a pet's records and a person's.
enum TrackerRecordHTML {
    static func fields(_ tracker: TrackerInput, input: [String: String], errors: FieldErrors, format: Formatting) -> HTML {
        // The definition it was drawn with, always today's: after a refusal for a change, the form
        // is drawn again with the new fields and may be sent as it is.
        var html: HTML = #"<input type="hidden" name="tracker_version" value="\#(tracker.version)">"#
        if let changed = errors["tracker_version"] { html += #"<p class="field-error" role="alert">\#(format.t(changed))</p>"# }
        for field in tracker.fields where !field.removed {
            let name = "tracker_\(field.key)"
            func error(_ name: String) -> HTML {
                guard let key = errors[name] else { return .empty }
                return #"<p class="field-error" role="alert">\#(format.t(key, errors.values[name] ?? [:]))</p>"#
            }
            func radios(_ options: [(value: String, label: String)]) -> HTML {
                var html: HTML = #"<fieldset class="choices"><legend>\#(field.name)</legend>"#
                for option in options {
                    let checked: HTML = input[name] == option.value ? " checked" : ""
                    html += #"<label class="choice"><input type="radio" name="\#(name)" value="\#(option.value)"\#(checked)> \#(option.label)</label>"#
                }
                return html + error(name) + "</fieldset>"
            }
            switch field.kind {
            case .number(let rules):
                let unit = rules.unit.isEmpty ? "" : " (\(rules.unit))"
                let bounds = format.t("trackers.record.bounds", ["low": format.number(rules.low, decimals: 3), "high": format.number(rules.high, decimals: 3)])
                html += #"<label for="\#(name)">\#(field.name + unit)</label>"#
                html += #"<input id="\#(name)" name="\#(name)" inputmode="decimal" value="\#(input[name] ?? "")" aria-describedby="\#(name)-hint">"#
                html += #"<p class="hint" id="\#(name)-hint">\#(bounds)</p>"# + error(name)
            case .yesNo:
                html += radios([("yes", format.t("trackers.yes")), ("no", format.t("trackers.no"))])
            case .scale(let steps):
                html += radios(steps.enumerated().map { (String($0.offset + 1), "\($0.offset + 1) · \($0.element.label)") })
            case .choice(let choices):
                html += radios(choices.filter { !$0.retired }.map { ($0.key, $0.label) })
            case .duration:
                html += #"<fieldset class="duration"><legend>\#(field.name)</legend>"#
                // Each box with its word beside it and its own error under it (the minutes' under the minutes).
                for (part, word) in [("min", "trackers.record.minutes"), ("sec", "trackers.record.seconds")] {
                    html +=
                        #"<div class="part"><label><input name="\#(name)_\#(part)" inputmode="numeric" size="4" value="\#(input["\(name)_\(part)"] ?? "")"> \#(format.t(word))</label>\#(error("\(name)_\(part)"))</div>"#
                }
                html += "</fieldset>"
            case .text:
                html += #"<label for="\#(name)">\#(field.name)</label><input id="\#(name)" name="\#(name)" value="\#(input[name] ?? "")">"# + error(name)
            }
        }
        return html
    }

    /// A record's values as its form's fields, to change it.
    static func input(_ record: TrackerEntry) -> [String: String] {
        var input = ["tracker": String(record.trackerID)]
        for (key, value) in record.values {
            let name = "tracker_\(key)"
            switch value {
            case .number(let number): input[name] = Int(exactly: number).map(String.init) ?? String(number)
            case .yes(let yes): input[name] = yes ? "yes" : "no"
            case .step(let step): input[name] = String(step)
            case .choice(let choice): input[name] = choice
            case .seconds(let seconds):
                input["\(name)_min"] = String(seconds / 60)
                input["\(name)_sec"] = String(seconds % 60)
            case .text(let text): input[name] = text
            }
        }
        return input
    }
}
