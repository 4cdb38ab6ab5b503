/// How long the household keeps what it deleted (the bin) and the history of its changes:
/// the owner's choice on `/settings`.
public struct Keeping: Sendable, Equatable {
    /// A day at least (a mistake is found the next morning), a year at most.
    public static let binDays: ClosedRange<Double> = 1...365
    /// What the history may be cut to, in years; nil keeps every change for good.
    public static let historyYears = [1, 2, 3, 5, 10]
    public static let standard = Keeping(binDays: 30, historyYears: nil)

    public var binDays: Int
    public var historyYears: Int?

    public init(binDays: Int, historyYears: Int?) {
        self.binDays = binDays
        self.historyYears = historyYears
    }

    /// `bin_days` as a person writes it ("30", "30일"); `history_years` one of the offered
    /// choices or `all`.
    public static func validate(_ input: [String: String]) -> Validated<Keeping> {
        var errors = FieldErrors()
        let days = FormInput.number(input, "bin_days", range: binDays, units: ["일", "days", "day"], whole: true, required: true, errors: &errors)
        let years: Int?? =
            switch input["history_years", default: ""] {
            case "all": .some(nil)
            case let raw: Int(raw).flatMap { historyYears.contains($0) ? .some($0) : nil }
            }
        if years == nil { errors.add("history_years", "error.choice.unknown") }
        guard errors.isEmpty, let days, let years else { return .invalid(errors) }
        return .valid(Keeping(binDays: Int(days), historyYears: years))
    }
}
