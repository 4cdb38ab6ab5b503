import Foundation

/// Where a sign-in may send the browser next: only a path on this site. Browsers forgive
/// a lot in a `Location` (`/\t/evil.example` and `/\evil.example` both lead away), so
/// the rule is strict rather than clever: one leading `/`, no `/` or `\` right after it,
/// no backslash, whitespace or control character anywhere, before and after
/// percent-decoding.
public enum SameSitePath {
    public static func isSafe(_ path: String) -> Bool {
        guard isPlainPath(path), let decoded = path.removingPercentEncoding, isPlainPath(decoded) else { return false }
        return true
    }

    private static let forbidden = CharacterSet.whitespacesAndNewlines.union(.controlCharacters).union(.illegalCharacters)
        .union(CharacterSet(charactersIn: "\\"))

    private static func isPlainPath(_ path: String) -> Bool {
        let scalars = Array(path.unicodeScalars)
        guard scalars.first == "/" else { return false }
        if scalars.count > 1 && scalars[1] == "/" { return false }
        return !scalars.contains { forbidden.contains($0) }
    }
}
