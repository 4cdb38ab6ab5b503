import HearthHTML
/// The day's water as a glass that fills to its share of the goal: SVG built in Swift, as
/// the charts will be, so it needs no script and prints.
enum WaterGlass {
    /// - Parameters:
    ///   - share: 0…1 of the goal.
    ///   - label: what the picture says to a screen reader ("60% of today's water").
    ///   - id: names the glass's clip path, unique on the page (the home page shows one glass a person).
    static func svg(share: Double, label: String, id: Int64) -> HTML {
        // The inside of the glass runs from y = 8 (brim) to y = 86 (bottom).
        let top = 8.0, bottom = 86.0
        let level = bottom - (bottom - top) * max(0, min(1, share))
        let water: HTML =
            share > 0
            ? #"<rect x="0" y="\#(format(level))" width="64" height="\#(format(bottom - level))" class="water" clip-path="url(#glass-\#(id))"/>"#
            : .empty
        return #"""
            <svg class="water-glass" viewBox="0 0 64 92" width="64" height="92" role="img" aria-label="\#(label)">\#
            <defs><clipPath id="glass-\#(id)"><path d="M6 8 L58 8 L52 86 L12 86 Z"/></clipPath></defs>\#
            \#(water)<path d="M4 4 L60 4 L54 88 L10 88 Z" class="glass"/></svg>
            """#
    }

    private static func format(_ value: Double) -> String {
        String(Int(value.rounded()))
    }
}
