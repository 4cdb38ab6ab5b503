import HearthCore

/// What an edit changed in a tracker's fields, for the history: each field added, removed or
/// changed, in a few words (`식사: 먹음, 안 먹음` → `식사: 먹음, 조금 먹음`), not the definition's
/// JSON twice (300 edits once made the history 178 MB).
enum TrackerChange {
    /// The changed fields as they were, and as they became; nil when no field changed.
    static func summary(from old: [TrackerField], to new: [TrackerField]) -> (was: String?, became: String?)? {
        let before = Dictionary(old.filter { !$0.removed }.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.filter { !$0.removed }.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var was: [String] = [], became: [String] = []
        for key in (old + new).map(\.key).uniqued() {
            let (one, other) = (before[key].map(describe), after[key].map(describe))
            guard one != other else { continue }
            if let one { was.append(one) }
            if let other { became.append(other) }
        }
        guard !was.isEmpty || !became.isEmpty else { return nil }
        return (was.isEmpty ? nil : was.joined(separator: "; "), became.isEmpty ? nil : became.joined(separator: "; "))
    }

    /// A field in the words its form shows: its name, and a number's unit and bounds or the
    /// options offered (retired ones are not).
    static func describe(_ field: TrackerField) -> String {
        switch field.kind {
        case .number(let rules):
            let unit = rules.unit.isEmpty ? "" : " \(rules.unit)"
            return "\(field.name) (\(plain(rules.low))–\(plain(rules.high))\(unit))"
        case .choice(let choices), .scale(let choices):
            return "\(field.name): " + choices.filter { !$0.retired }.map(\.label).joined(separator: ", ")
        case .yesNo, .duration, .text:
            return field.name
        }
    }

    /// `750`, `0.5`: as typed, without a locale's separators (the history is read in any language).
    static func plain(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension Sequence where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
