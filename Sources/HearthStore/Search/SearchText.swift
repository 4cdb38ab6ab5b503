import Foundation

/// Text as the search index holds it and a query asks for it: every run of letters and digits
/// as its overlapping pairs and its last letter ("노란색" → "노란 란색 색"). A term of two or
/// more letters is then the phrase of its pairs, found anywhere inside a word; a single letter
/// is a prefix. The last letter also keeps two words apart, so a phrase never spans them.
public enum SearchText {
    /// The runs of letters and digits in `text`, lower-cased.
    static func runs(_ text: String) -> [[Character]] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(Array.init)
    }

    /// The index's form of `text`.
    public static func indexed(_ text: String) -> String {
        var tokens: [String] = []
        for run in runs(text) {
            for index in run.indices.dropLast() { tokens.append(String(run[index]) + String(run[index + 1])) }
            tokens.append(String(run[run.count - 1]))
        }
        return tokens.joined(separator: " ")
    }

    /// An FTS5 query for one typed term in the `words` column: each of its runs required.
    /// Nil when the term has no letters or digits at all.
    public static func query(_ term: String) -> String? {
        let parts = runs(term).map { run -> String in
            // Letters and digits only: nothing to escape.
            if run.count == 1 { return "\"\(run[0])\"*" }
            return "\"" + run.indices.dropLast().map { String(run[$0]) + String(run[$0 + 1]) }.joined(separator: " ") + "\""
        }
        guard !parts.isEmpty else { return nil }
        return "words : (" + parts.joined(separator: " AND ") + ")"
    }
}
