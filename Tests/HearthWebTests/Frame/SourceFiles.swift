import Foundation

/// The package's own files, for the tests that read the code (`PathLiteralTests`, `IDLoadingTests`).
enum SourceFiles {
    /// Each file under `folder` whose name ends in `suffix`, by its path there, in order, with its text.
    static func read(_ folder: String, suffix: String) throws -> [(file: String, text: String)] {
        let base = URL(fileURLWithPath: packageRoot).appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) } ?? []
        return try files.sorted().map { ($0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8)) }
    }
}
