/// When a tracker's field changes unit, its records are converted only by a factor that is
/// exact (g → kg is ÷1000); mg/dL → mmol/L (÷18.016, rounded by convention) and lb → kg are
/// not, and the change is refused rather than any value silently moved.
public enum UnitConversion {
    /// Units by what they measure, each as a multiple of the first.
    static let families: [[(unit: String, size: Double)]] = [
        [("mg", 1), ("g", 1_000), ("kg", 1_000_000)],
        [("ml", 1), ("mL", 1), ("l", 1_000), ("L", 1_000)],
        [("mm", 1), ("cm", 10), ("m", 1_000), ("km", 1_000_000)],
        [("s", 1), ("sec", 1), ("min", 60), ("h", 3_600)],
    ]

    /// What a value in `from` is multiplied by to be the same in `to`, when that is exact.
    public static func exactFactor(from: String, to: String) -> Double? {
        if from == to { return 1 }
        for family in families {
            guard let a = family.first(where: { $0.unit == from }), let b = family.first(where: { $0.unit == to }) else { continue }
            return a.size / b.size
        }
        return nil
    }
}
