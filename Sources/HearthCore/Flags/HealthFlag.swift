import Foundation

/// Something in a subject's records a vet or a doctor would want raised: which rule saw it,
/// how far it has gone (`level`: a flag marked seen comes back when this rises), since when it
/// has held without a break, the figures it names and the days whose records lie behind it.
/// Flags are worked out from the records each time (`FlagRules`), never stored; only who
/// marked one seen, and at what level, is kept.
public struct HealthFlag: Sendable, Equatable {
    public enum Rule: String, Sendable, CaseIterable {
        case weightLoss = "weight_loss", weightGain = "weight_gain"
        case vomiting
        case notEating = "not_eating"
        case looseStools = "loose_stools"
        case severeSymptom = "severe_symptom"
        case lowAdherence = "low_adherence"
        case missedDays = "missed_days"
        /// A tracker's reading at or past its field's urgent value (a seizure of five minutes, 180/120).
        case urgentReading = "urgent_reading"

        /// The record kind behind it (the timeline's filter), nil for a medicine's.
        public var kind: EntryKind? {
            switch self {
            case .weightLoss, .weightGain: .weight
            case .vomiting: .vomit
            case .notEating: .meal
            case .looseStools: .toilet
            case .severeSymptom: .symptom
            case .urgentReading: .tracker
            case .lowAdherence, .missedDays: nil
            }
        }
    }

    public let subjectID: Int64
    public let rule: Rule
    /// The regimen a medicine's flag is about (a subject can have two flagged).
    public let regimenID: Int64?
    public let regimenName: String?
    /// The tracker an urgent reading's flag is about, and its name.
    public let trackerID: Int64?
    public let trackerName: String?
    public let level: Int
    /// The first day of the run of days on which the rule has held, to today.
    public var since: LocalDate
    /// What was seen, by name: `count`, `before` (a month's worth before), `percent`, `from`
    /// and `to` (grams), `days`, `given`, `due`, `severity`.
    public let figures: [String: Double]
    /// The days whose records lie behind it (a weighing's, a missed dose's).
    public let days: [LocalDate]

    public init(
        subjectID: Int64, rule: Rule, regimenID: Int64? = nil, regimenName: String? = nil, trackerID: Int64? = nil, trackerName: String? = nil, level: Int,
        since: LocalDate, figures: [String: Double], days: [LocalDate]
    ) {
        self.subjectID = subjectID
        self.rule = rule
        self.regimenID = regimenID
        self.regimenName = regimenName
        self.trackerID = trackerID
        self.trackerName = trackerName
        self.level = level
        self.since = since
        self.figures = figures
        self.days = days
    }

    /// Its name among the subject's flags (and in the seen marks): the rule, and the regimen's or tracker's id.
    public var key: String { (regimenID ?? trackerID).map { "\(rule.rawValue).\($0)" } ?? rule.rawValue }
}

/// A flag someone marked seen: at which level and when (it stays out of sight until it gets
/// worse or, having gone away, comes back).
public struct FlagSeen: Sendable, Equatable {
    public let level: Int
    public let day: LocalDate
    public let by: String
    public let at: Date

    public init(level: Int, day: LocalDate, by: String, at: Date) {
        self.level = level
        self.day = day
        self.by = by
        self.at = at
    }

    /// Whether it still covers `flag`: marked at its level or above, while it has held.
    public func covers(_ flag: HealthFlag) -> Bool { level >= flag.level && day >= flag.since }
}
