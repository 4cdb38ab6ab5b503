import Foundation

/// The package's own files, for the tests that read the code (`PathLiteralTests`, `IDLoadingTests`).
enum SourceFiles {
    /// Each file under `folder` whose name ends in `suffix`, by its path there, in order, with its text.
    static func read(_ folder: String, suffix: String) throws -> [(file: String, text: String)] {
        let base = URL(fileURLWithPath: packageRoot).appendingPathComponent(folder)
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: base.path) {
            while let path = walker.nextObject() as? String {
                // Hidden folders are not ours: `make api` builds the generator in Tests/api/generator/.build.
                if (path as NSString).lastPathComponent.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                if path.hasSuffix(suffix) { files.append(path) }
            }
        }
        return try files.sorted().map { ($0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8)) }
    }
}
