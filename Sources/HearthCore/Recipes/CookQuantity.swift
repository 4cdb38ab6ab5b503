import Foundation

/// A quantity written as a cook would: ½, 1¼, ⅓ rather than 0.4999; whole grams and
/// millilitres; a decimal only where no kitchen fraction is close.
public enum CookQuantity {
    static let fractions: [(value: Double, glyph: String)] = [
        (0, ""), (0.125, "⅛"), (0.25, "¼"), (1.0 / 3, "⅓"), (0.375, "⅜"), (0.5, "½"), (0.625, "⅝"), (2.0 / 3, "⅔"), (0.75, "¾"), (0.875, "⅞"), (1, ""),
    ]
    /// Units measured on a scale or a jug, where fractions read oddly: 337.5 g is 338 g.
    static let metric: Set<String> = ["g", "kg", "mg", "ml", "l", "dl", "cl", "L", "cc"]

    /// Units stored in the singular ("cup") and said in the plural above one: "3 cups".
    static let plurals = [
        "cup": "cups", "clove": "cloves", "can": "cans", "slice": "slices", "pinch": "pinches", "bunch": "bunches", "dash": "dashes",
        "handful": "handfuls", "package": "packages", "block": "blocks", "stick": "sticks", "sprig": "sprigs", "piece": "pieces",
        "quart": "quarts", "pint": "pints", "head": "heads", "jar": "jars", "bag": "bags",
    ]

    /// The unit as said with `value`: "1 cup", "1½ cups".
    public static func unit(_ unit: String, for value: Double) -> String {
        value > 1 ? plurals[unit] ?? unit : unit
    }

    public static func text(_ value: Double, unit: String? = nil) -> String {
        guard value.isFinite, value > 0 else { return "0" }
        if let unit, metric.contains(unit) {
            return value >= 10 ? String(Int(value.rounded())) : trimmed(value, decimals: 1)
        }
        if value >= 10 { return String(Int(value.rounded())) }
        let whole = value.rounded(.down)
        let part = value - whole
        let nearest = fractions.min { abs($0.value - part) < abs($1.value - part) }!
        // Within 6 % of the amount (at least a fiftieth of a unit), the fraction is what a cook
        // means; 0.2 cup is not ¼ cup, and stays 0.2.
        guard abs(nearest.value - part) <= max(0.02, value * 0.06) else { return trimmed(value, decimals: 2) }
        let wholePart = Int(whole) + (nearest.value == 1 ? 1 : 0)
        if nearest.glyph.isEmpty { return String(max(wholePart, value < 0.0625 ? 0 : wholePart)) }
        return (wholePart == 0 ? "" : String(wholePart)) + nearest.glyph
    }

    /// Multiplies an ingredient's quantity for `servings` instead of `from`.
    public static func scaled(_ value: Double, from: Double, to servings: Double) -> Double {
        from > 0 ? value * servings / from : value
    }

    private static func trimmed(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
