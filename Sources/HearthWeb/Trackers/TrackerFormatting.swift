import HearthCore

/// A tracker record's values as a member reads them: "혈당 120 mg/dL · 식사 다 먹음 · 길이 5분 30초".
extension Formatting {
    func trackerValue(_ value: TrackerValue, of field: TrackerField) -> String {
        switch (value, field.kind) {
        case (.number(let number), .number(let rules)):
            return trackerNumber(number, rules)
        case (.yes(let yes), _):
            return t(yes ? "trackers.yes" : "trackers.no")
        case (.step(let step), .scale(let steps)):
            let label = steps.indices.contains(step - 1) ? steps[step - 1].label : nil
            return label.map { "\(step) · \($0)" } ?? String(step)
        case (.choice(let key), .choice(let choices)):
            return choices.first { $0.key == key }?.label ?? key
        case (.seconds(let seconds), _):
            return duration(seconds)
        case (.text(let text), _):
            return text
        case (.number(let number), _):
            return self.number(number, decimals: 3)
        case (.step(let step), _):
            return String(step)
        case (.choice(let key), _):
            return key
        }
    }

    /// "120 mg/dL": a number field's value with its unit (none when it has none), to `decimals`.
    func trackerNumber(_ value: Double, _ rules: NumberField, decimals: Int = 3) -> String {
        rules.unit.isEmpty ? number(value, decimals: decimals) : "\(number(value, decimals: decimals)) \(rules.unit)"
    }

    /// "5분 30초", "1시간 5분", "45초" / "5 min 30 s".
    func duration(_ seconds: Int) -> String {
        let (hours, minutes, rest) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
        var parts: [String] = []
        if hours > 0 { parts.append(t("trackers.hours", ["n": String(hours)])) }
        if minutes > 0 { parts.append(t("trackers.minutes", ["n": String(minutes)])) }
        if rest > 0 || parts.isEmpty { parts.append(t("trackers.seconds", ["n": String(rest)])) }
        return parts.joined(separator: " ")
    }

    /// A record's line: each filled field's name and value, in the fields' order.
    func trackerLine(_ entry: TrackerEntry) -> String {
        entry.filled.map { "\($0.field.name) \(trackerValue($0.value, of: $0.field))" }.joined(separator: " · ")
    }
}
