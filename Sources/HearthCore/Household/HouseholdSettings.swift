import Foundation

/// The household as a whole: its name and the defaults every member starts from.
public struct HouseholdSettings: Sendable, Equatable {
    public var name: String
    /// An IANA identifier such as `Asia/Seoul`; days are the household's local days.
    public var timeZone: String
    public var language: Language
    public var weightUnit: WeightUnit
    public var volumeUnit: VolumeUnit
    /// ISO 4217 code of the money vet bills are in: `KRW`, `USD`.
    public var currency: String

    public init(name: String, timeZone: String, language: Language, weightUnit: WeightUnit = .kg, volumeUnit: VolumeUnit = .ml, currency: String? = nil) {
        self.name = name
        self.timeZone = timeZone
        self.language = language
        self.weightUnit = weightUnit
        self.volumeUnit = volumeUnit
        self.currency = currency ?? (language == .ko ? "KRW" : "USD")
    }

    /// Validates the settings form. Units are optional in the input (setup does not ask for them).
    public static func validate(_ input: [String: String]) -> Validated<HouseholdSettings> {
        var errors = FieldErrors()
        let name = input["household_name", default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { errors.add("household_name", "error.household_name.required") }
        FormInput.check(name, field: "household_name", errors: &errors)
        let timeZone = input["time_zone", default: ""].trimmingCharacters(in: .whitespaces)
        if !TimeZones.isKnown(timeZone) {
            errors.add("time_zone", "error.time_zone.unknown")
        }
        let language = Language(rawValue: input["language", default: ""])
        if language == nil { errors.add("language", "error.language.unknown") }
        let weightUnit = input["weight_unit"].map { WeightUnit(rawValue: $0) } ?? .kg
        if weightUnit == nil { errors.add("weight_unit", "error.unit.unknown") }
        let volumeUnit = input["volume_unit"].map { VolumeUnit(rawValue: $0) } ?? .ml
        if volumeUnit == nil { errors.add("volume_unit", "error.unit.unknown") }

        var currency: String?
        let rawCurrency = input["currency", default: ""].trimmingCharacters(in: .whitespaces).uppercased()
        FormInput.check(rawCurrency, field: "currency", errors: &errors)
        if !rawCurrency.isEmpty {
            if rawCurrency.count == 3 && rawCurrency.allSatisfy({ $0.isASCII && $0.isLetter }) {
                currency = rawCurrency
            } else {
                errors.add("currency", "error.currency.invalid")
            }
        }

        guard errors.isEmpty, let language, let weightUnit, let volumeUnit else { return .invalid(errors) }
        return .valid(HouseholdSettings(name: name, timeZone: timeZone, language: language, weightUnit: weightUnit, volumeUnit: volumeUnit, currency: currency))
    }
}

/// The IANA time zones the machine knows.
public enum TimeZones {
    /// The list offered in forms. Foundation's list lacks the plain names `UTC` and `Etc/UTC`
    /// that servers often run in, so they are added.
    public static let all: [String] = Set(TimeZone.knownTimeZoneIdentifiers + ["UTC", "Etc/UTC"]).sorted()

    public static func isKnown(_ identifier: String) -> Bool {
        all.contains(identifier) && TimeZone(identifier: identifier) != nil
    }

    /// The machine's own zone, the default offered at setup (UTC when it names none we know).
    public static var machine: String {
        let identifier = TimeZone.current.identifier
        return isKnown(identifier) ? identifier : "UTC"
    }
}
