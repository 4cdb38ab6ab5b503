import HearthCore
import HearthHTML

/// A tracker definition's rows of fields: one a field it has, and two blank ones to add. Every
/// row shows every kind's settings (no script picks them); each says which kind it is for.
enum TrackerFormHTML {
    static let kinds = ["number", "yes_no", "scale", "choice", "duration", "text"]
    /// Blank rows for new fields (two open, four more folded: six fields in one save), and for
    /// new choices of a field.
    static let blankRows = 2, foldedRows = 4, blankChoices = 3

    /// The form's fields for a tracker as it is.
    static func input(_ tracker: TrackerInput) -> [String: String] {
        var input = ["name": tracker.name, "subjects": tracker.subjects.code, "regimen_id": tracker.regimenID.map(String.init) ?? ""]
        for (index, field) in tracker.fields.enumerated() where !field.removed {
            let at = "field_\(index + 1)_"
            input["\(at)key"] = field.key
            input["\(at)name"] = field.name
            input["\(at)kind"] = field.kind.code
            switch field.kind {
            case .number(let rules):
                input["\(at)unit"] = rules.unit
                input["\(at)low"] = written(rules.low)
                input["\(at)high"] = written(rules.high)
                input["\(at)step"] = written(rules.step)
                input["\(at)day"] = rules.day.rawValue
                input["\(at)goal_low"] = rules.goal.map { written($0.lowerBound) } ?? ""
                input["\(at)goal_high"] = rules.goal.map { written($0.upperBound) } ?? ""
                input["\(at)urgent"] = rules.urgentFrom.map(written) ?? ""
            case .scale(let choices), .choice(let choices):
                for (number, choice) in choices.filter({ !$0.retired }).enumerated() {
                    input["\(at)choice_\(number + 1)"] = choice.label
                    input["\(at)choice_\(number + 1)_key"] = choice.key
                }
            case .duration(let most, let urgent):
                input["\(at)most"] = String(most / 60)
                input["\(at)urgent"] = urgent.map { written(Double($0) / 60) } ?? ""
            case .yesNo, .text:
                break
            }
        }
        return input
    }

    static func written(_ value: Double) -> String { Int(exactly: value).map(String.init) ?? String(value) }

    static func rows(_ input: [String: String], errors: FieldErrors, format: Formatting) -> HTML {
        let sent = TrackerForm.rows(input, prefix: "field_")
        let last = sent.max() ?? 0
        var html = HTML.empty
        for row in sent + Array((last + 1)...(last + blankRows)) {
            html += self.row(row, input, errors, format)
        }
        let folded = (last + blankRows + 1)...(last + blankRows + foldedRows)
        html += #"<details class="more-fields"><summary>\#(format.t("trackers.form.more_fields", ["n": String(foldedRows)]))</summary>"#
        for row in folded { html += self.row(row, input, errors, format) }
        return html + "</details>"
    }

    static func row(_ row: Int, _ input: [String: String], _ errors: FieldErrors, _ format: Formatting) -> HTML {
        let at = "field_\(row)_"
        func error(_ name: String) -> HTML {
            guard let key = errors[name] else { return .empty }
            return #"<p class="field-error" role="alert">\#(format.t(key, errors.values[name] ?? [:]))</p>"#
        }
        func text(_ name: String, _ label: String, numeric: Bool = false) -> HTML {
            let id = at + name
            let mode: HTML = numeric ? #" inputmode="decimal""# : ""
            return #"<label for="\#(id)">\#(format.t(label))</label><input id="\#(id)" name="\#(id)"\#(mode) value="\#(input[id] ?? "")">"# + error(id)
        }
        let key = input["\(at)key"] ?? ""
        var html: HTML = #"<fieldset class="tracker-field"><legend>\#(format.t("trackers.form.field_n", ["n": String(row)]))</legend>"#
        if !key.isEmpty { html += #"<input type="hidden" name="\#(at)key" value="\#(key)">"# }
        html += text("name", "trackers.form.field_name") + error("\(at)key")
        html += #"<label for="\#(at)kind">\#(format.t("trackers.form.kind"))</label><select id="\#(at)kind" name="\#(at)kind">"#
        if key.isEmpty { html += #"<option value="">\#(format.t("trackers.form.kind_pick"))</option>"# }
        for kind in kinds {
            let selected: HTML = input["\(at)kind"] == kind ? " selected" : ""
            html += #"<option value="\#(kind)"\#(selected)>\#(format.t("trackers.kind.\(kind)"))</option>"#
        }
        html += "</select>" + error("\(at)kind")
        html += #"<details class="tracker-number"><summary>\#(format.t("trackers.form.number_settings"))</summary>"#
        html += text("unit", "trackers.form.unit") + text("low", "trackers.form.low", numeric: true) + text("high", "trackers.form.high", numeric: true)
        html += text("step", "trackers.form.step", numeric: true)
        html += #"<label for="\#(at)day">\#(format.t("trackers.form.day"))</label><select id="\#(at)day" name="\#(at)day">"#
        for day in NumberField.DayTotal.allCases {
            let selected: HTML = input["\(at)day"] == day.rawValue ? " selected" : ""
            html += #"<option value="\#(day.rawValue)"\#(selected)>\#(format.t("trackers.day.\(day.rawValue)"))</option>"#
        }
        html += "</select>" + text("goal_low", "trackers.form.goal_low", numeric: true) + text("goal_high", "trackers.form.goal_high", numeric: true)
        html += "</details>"
        html += #"<details class="tracker-choices"><summary>\#(format.t("trackers.form.choices"))</summary>"#
        let choices = TrackerForm.rows(input, prefix: "\(at)choice_")
        for number in choices + Array(((choices.max() ?? 0) + 1)...((choices.max() ?? 0) + blankChoices)) {
            let name = "\(at)choice_\(number)"
            if let choiceKey = input["\(name)_key"], !choiceKey.isEmpty { html += #"<input type="hidden" name="\#(name)_key" value="\#(choiceKey)">"# }
            html +=
                #"<label for="\#(name)">\#(format.t("trackers.form.choice_n", ["n": String(number)]))</label><input id="\#(name)" name="\#(name)" value="\#(input[name] ?? "")">"#
            html += error(name)
        }
        html += "</details>"
        html += text("most", "trackers.form.most", numeric: true) + text("urgent", "trackers.form.urgent", numeric: true)
        if !key.isEmpty {
            let checked: HTML = input["\(at)remove"] == "on" ? " checked" : ""
            html +=
                #"<label class="choice"><input type="checkbox" name="\#(at)remove"\#(checked)> \#(format.t("trackers.form.remove"))</label>"#
                + error("\(at)remove")
        }
        return html + "</fieldset>"
    }
}
