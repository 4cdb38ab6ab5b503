import HearthCore

/// Water and steps as every door takes them — the person's page, the home page's `+1 cup`,
/// the API and the phone outbox's replay — read by one set of rules, so a bound the form
/// holds is held for a script too.
enum DailyInput {
    static let millilitres: ClosedRange<Double> = -5000...5000
    static let cups: ClosedRange<Double> = -10...10
    static let steps: ClosedRange<Double> = 0...200_000

    /// The change of water in millilitres: the buttons' `change` (`cup`, `-cup`), or `cups` or
    /// `ml` typed; refused on its field out of range, or when it changes nothing.
    static func waterChange(_ input: [String: String], cupML: Int, errors: inout FieldErrors) -> Int? {
        switch input["change"] {
        case "cup": return cupML
        case "-cup": return -cupML
        default: break
        }
        let sentCups = !(input["cups"] ?? "").isEmpty, sentML = !(input["ml"] ?? "").isEmpty
        if sentCups && sentML {
            errors.add("cups", "people.error.cups_or_ml")
            return nil
        }
        let field = sentCups ? "cups" : "ml"
        guard
            let amount = FormInput.number(
                input, field, range: sentCups ? cups : millilitres, units: sentCups ? NumberUnits.cups : NumberUnits.millilitres, whole: sentCups,
                required: true, errors: &errors)
        else { return nil }
        // A cup is 50 to 1,000 ml by the goals' form; a stored one out of that is still no trap.
        let change = sentCups ? Int(amount) * min(max(cupML, 0), 1000) : Int(amount.rounded())
        guard change != 0 else {
            errors.add(field, "people.error.water_zero")
            return nil
        }
        return change
    }

    /// The day's steps counted by hand.
    static func steps(_ input: [String: String], errors: inout FieldErrors) -> Int? {
        FormInput.number(input, "steps", range: steps, units: NumberUnits.steps, whole: true, required: true, errors: &errors).map { Int($0) }
    }
}
