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
        // Less than a sixteenth is written as it is: there is no spoon for it.
        if value < 0.0625 { return trimmed(value, decimals: 2) }
        let whole = value.rounded(.down)
        let part = value - whole
        // What a cook measures: the nearest eighth or third ("0.3 red onion" is ⅓, "0.45 tsp"
        // is ½ tsp); a scaled amount is never exact, and a spoon has no 0.45.
        let nearest = fractions.min { abs($0.value - part) < abs($1.value - part) }!
        let wholePart = Int(whole) + (nearest.value == 1 ? 1 : 0)
        if nearest.glyph.isEmpty { return String(max(wholePart, value < 0.0625 ? 0 : wholePart)) }
        return (wholePart == 0 ? "" : String(wholePart)) + nearest.glyph
    }

    /// Multiplies an ingredient's quantity for `servings` instead of `from`.
    /// A note that is itself an amount ("두부 1모(300g)": `300g`; "3/4모") scaled with the
    /// line, so three blocks of tofu say 900g; any other note as it is.
    public static func scaledNote(_ note: String, _ scale: (Double) -> Double) -> String {
        guard let match = note.wholeMatch(of: /\s*(\d+(?:\.\d+)?)(?:\/(\d+))?\s*(\p{L}+)\s*/),
            var value = Double(match.output.1)
        else { return note }
        if let denominator = match.output.2.flatMap({ Double($0) }), denominator > 0 { value /= denominator }
        let unit = String(match.output.3)
        let scaled = scale(value)
        return scaled == value ? note : text(scaled, unit: unit) + unit
    }

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
