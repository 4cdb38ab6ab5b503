import Foundation
import HearthCore

/// A tracker's fields as the `tracker.fields` column (and the export) keep them: JSON, one
/// object a field with what its kind needs (the history keeps what an edit changed: `TrackerChange`).
struct StoredTrackerField: Codable, Equatable {
    var key: String
    var name: String
    var kind: String
    var removed: Bool?
    var unit: String?
    var low: Double?
    var high: Double?
    var step: Double?
    var day: String?
    var goal: [Double]?
    var urgent: Double?
    var most: Int?
    var choices: [StoredChoice]?

    struct StoredChoice: Codable, Equatable {
        var key: String
        var label: String
        var retired: Bool?
    }

    init(_ field: TrackerField) {
        (key, name, kind, removed) = (field.key, field.name, field.kind.code, field.removed ? true : nil)
        switch field.kind {
        case .number(let rules):
            (unit, low, high, step, day, urgent) = (rules.unit, rules.low, rules.high, rules.step, rules.day.rawValue, rules.urgentFrom)
            goal = rules.goal.map { [$0.lowerBound, $0.upperBound] }
        case .scale(let list), .choice(let list):
            choices = list.map { StoredChoice(key: $0.key, label: $0.label, retired: $0.retired ? true : nil) }
        case .duration(let most, let urgentFrom):
            self.most = most
            urgent = urgentFrom.map(Double.init)
        case .yesNo, .text:
            break
        }
    }

    /// The field, or nil for a row this build cannot read (the tracker then shows without it).
    var field: TrackerField? {
        let kind: TrackerField.Kind
        switch self.kind {
        case "number":
            guard let low, let high, low < high else { return nil }
            let goal = self.goal.flatMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil }
            kind = .number(
                NumberField(
                    unit: unit ?? "", low: low, high: high, step: step ?? 1, day: day.flatMap(NumberField.DayTotal.init(rawValue:)) ?? .mean, goal: goal,
                    urgentFrom: urgent))
        case "yes_no": kind = .yesNo
        case "scale": kind = .scale(choiceList)
        case "choice": kind = .choice(choiceList)
        case "duration": kind = .duration(most: most ?? 3600, urgentFrom: urgent.flatMap { Int(exactly: $0.rounded()) })
        case "text": kind = .text
        default: return nil
        }
        return TrackerField(key: key, name: name, kind: kind, removed: removed ?? false)
    }

    private var choiceList: [TrackerChoice] { (choices ?? []).map { TrackerChoice(key: $0.key, label: $0.label, retired: $0.retired ?? false) } }

    static func json(_ fields: [TrackerField]) throws -> String {
        String(decoding: try JSONEncoder.sorted.encode(fields.map(StoredTrackerField.init)), as: UTF8.self)
    }

    /// The fields a definition's JSON holds, decoded once per text: every pet and person page reads
    /// every tracker, and a household at the bounds (100 trackers of 20 fields of 20 choices, 2 MB)
    /// made each such page 72 ms of CPU. Kept by the text itself, so no write, restore or second
    /// household in the process can make it stale.
    static func fields(_ json: String) -> [TrackerField] {
        decoded.value(json) { ((try? JSONDecoder().decode([StoredTrackerField].self, from: Data(json.utf8))) ?? []).compactMap(\.field) }
    }

    private static let decoded = KeptReads<String, [TrackerField]>(capacity: 256)
}

extension JSONEncoder {
    /// Keys in one order, so the same definition is the same text (and no history row).
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
