import Crypto

/// A record kind of the household's own (a cat's blood glucose, a dog's seizures, a
/// grandmother's blood pressure): its name, whom it is for, and what each record of it holds.
public struct TrackerInput: Sendable, Equatable {
    public var name: String
    public var subjects: TrackerSubjects
    public var fields: [TrackerField]
    /// The regimen whose doses its chart counts hours from ("2 hours after the insulin").
    public var regimenID: Int64?

    public init(name: String, subjects: TrackerSubjects, fields: [TrackerField], regimenID: Int64? = nil) {
        (self.name, self.subjects, self.fields, self.regimenID) = (name, subjects, fields, regimenID)
    }

    /// The field of `key`, removed ones too (their values stay readable in history).
    public func field(_ key: String) -> TrackerField? { fields.first { $0.key == key } }

    /// The fields' fingerprint, which a record's form carries (`tracker_version`): a form drawn
    /// before a field's unit changed from g to kg is refused, not read in kilograms.
    public var version: String { String(SHA256.hex(String(reflecting: fields).utf8).prefix(16)) }
}

/// Whom a tracker is for: every pet of a species, every person, or one subject.
public enum TrackerSubjects: Sendable, Equatable {
    case species(Species)
    case people
    case subject(Int64)

    /// As a form and the database write it: `species:cat`, `people`, `subject:12`.
    public var code: String {
        switch self {
        case .species(let species): "species:\(species.rawValue)"
        case .people: "people"
        case .subject(let id): "subject:\(id)"
        }
    }

    public init?(code: String) {
        if code == "people" {
            self = .people
        } else if code.hasPrefix("species:"), let species = Species(rawValue: String(code.dropFirst(8))) {
            self = .species(species)
        } else if code.hasPrefix("subject:"), let id = Int64(code.dropFirst(8)), id > 0 {
            self = .subject(id)
        } else {
            return nil
        }
    }

    /// Whether a subject (its id, and its species when a pet) keeps records of it.
    public func includes(subjectID: Int64, species: Species?) -> Bool {
        switch self {
        case .species(let wanted): species == wanted
        case .people: species == nil
        case .subject(let id): id == subjectID
        }
    }
}

/// One thing a tracker's record holds. Its `key` is made once and never changes: records keep
/// their values by it, so a field renamed, or its choices renamed, still reads its old records.
public struct TrackerField: Sendable, Equatable {
    public var key: String
    public var name: String
    public var kind: Kind
    /// Taken off the form; its values stay in the records and their history.
    public var removed: Bool

    /// At or past this a value is urgent: a number's own, a duration's seconds.
    public var urgentFrom: Double? {
        switch kind {
        case .number(let rules): rules.urgentFrom
        case .duration(_, let urgent): urgent.map(Double.init)
        default: nil
        }
    }

    public init(key: String, name: String, kind: Kind, removed: Bool = false) {
        (self.key, self.name, self.kind, self.removed) = (key, name, kind, removed)
    }

    public enum Kind: Sendable, Equatable {
        /// A measurement: its unit, the bounds a value must keep, the step it is read to, how a
        /// day's values add up, the band it should stay in, and from where it is urgent.
        case number(NumberField)
        case yesNo
        /// Steps 1…n, each with its words ("0 none" … "4 severe").
        case scale([TrackerChoice])
        case choice([TrackerChoice])
        /// Seconds, up to `most`.
        case duration(most: Int, urgentFrom: Int?)
        case text

        public var code: String {
            switch self {
            case .number: "number"
            case .yesNo: "yes_no"
            case .scale: "scale"
            case .choice: "choice"
            case .duration: "duration"
            case .text: "text"
            }
        }
    }
}

/// A number field's rules.
public struct NumberField: Sendable, Equatable {
    public var unit: String
    public var low: Double
    public var high: Double
    public var step: Double
    public var day: DayTotal
    public var goal: ClosedRange<Double>?
    /// At or above this a record raises an urgent flag (a blood pressure of 180).
    public var urgentFrom: Double?

    public enum DayTotal: String, Sendable, CaseIterable { case sum, mean }

    public init(unit: String, low: Double, high: Double, step: Double, day: DayTotal, goal: ClosedRange<Double>? = nil, urgentFrom: Double? = nil) {
        (self.unit, self.low, self.high, self.step, self.day, self.goal, self.urgentFrom) = (unit, low, high, step, day, goal, urgentFrom)
    }
}

/// One labelled step or choice, kept by its key.
public struct TrackerChoice: Sendable, Equatable {
    public var key: String
    public var label: String
    /// No longer offered; the records that chose it still say its words.
    public var retired: Bool

    public init(key: String, label: String, retired: Bool = false) { (self.key, self.label, self.retired) = (key, label, retired) }
}

/// What a record holds for one field.
public enum TrackerValue: Sendable, Equatable {
    case number(Double)
    case yes(Bool)
    /// A scale's step, 1…n.
    case step(Int)
    /// A choice's key.
    case choice(String)
    case seconds(Int)
    case text(String)
}
