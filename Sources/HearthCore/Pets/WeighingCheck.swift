/// A weighing far from the last one is usually a slip (grams typed in kilograms, a digit
/// missed), so the form asks before keeping it; typed again as it was, it is kept.
public enum WeighingCheck {
    /// The field that carries the value the member confirmed.
    public static let confirmedField = "weight_confirmed"

    /// True when `grams` differs from `lastGrams` by more than half of it.
    public static func isSurprising(grams: Double, lastGrams: Double?) -> Bool {
        guard let lastGrams, lastGrams > 0 else { return false }
        return abs(grams - lastGrams) > lastGrams / 2
    }

    /// Adds the question to the weight field unless the member already said yes to this value.
    public static func ask(grams: Double, lastGrams: Double?, input: inout [String: String], errors: inout FieldErrors, last: (Double) -> String) {
        guard let lastGrams, isSurprising(grams: grams, lastGrams: lastGrams) else { return }
        let typed = input["weight", default: ""].trimmingCharacters(in: .whitespaces)
        guard input[confirmedField] != typed else { return }
        input[confirmedField] = typed
        errors.add("weight", "error.weight.surprising", ["last": last(lastGrams)])
    }
}
