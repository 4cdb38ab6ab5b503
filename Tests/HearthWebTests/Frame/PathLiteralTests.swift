import Foundation
import Testing

/// Links are made by the areas' routes (`Route`, one enum of them beside each area's
/// `addRoutes`), never typed as strings: a typed path is how a finished appointment came to link
/// to `/pets/2/records/26/edit`, which is no page. This reads the web module's sources and the
/// templates for literals that name a page of Hearth (static files and the API aside) and holds
/// each file to the count in `path-literals.txt`: a file with more fails, naming each line; one
/// with fewer asks for its number to come down, so the count only falls, to none.
/// `HEARTH_WRITE_PATH_BASELINE=1` writes the file from what is there.
@Suite("Links made by routes, not typed")
struct PathLiteralTests {
    static let baselineFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("path-literals.txt").path

    /// `"/pets/…"` in Swift; `href="/…"`, `action="/…"`, `formaction="/…"` in a template.
    static var swiftLiteral: Regex<(Substring, Substring)> { #/"(/[a-z][^"\\ ]*)/# }
    static var templateLiteral: Regex<(Substring, Substring)> { #/(?:href|action|formaction)="(/[a-z][^"]*)/# }
    /// Not pages: static files, the generated API's paths, the programs the server runs.
    static var notAPage: Regex<(Substring, Substring)> { #/^/(css|js|icons|fonts|manifest|sw\.js|favicon|robots|api/v1|static|usr/bin/)/# }

    struct Found: Hashable {
        let file: String
        let line: Int
        let text: String
    }

    static func literals() throws -> [Found] {
        var found: [Found] = []
        for (folder, suffix) in [("Sources/HearthWeb", ".swift"), ("Templates", ".mustache")] {
            for (file, text) in try SourceFiles.read(folder, suffix: suffix) {
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    // Comments may name pages; a route's own definition is where a path belongs.
                    // The API's own paths are written after its base (`api + "/doses"`, HomeAssistantPackage).
                    if trimmed.hasPrefix("//") || line.contains("Route(\"") || line.contains("api + \"/") { continue }
                    let matches =
                        suffix == ".swift" ? line.matches(of: swiftLiteral).map { String($0.1) } : line.matches(of: templateLiteral).map { String($0.1) }
                    for path in matches where path.firstMatch(of: notAPage) == nil {
                        found.append(Found(file: "\(folder)/\(file)", line: index + 1, text: path))
                    }
                }
            }
        }
        return found
    }

    static func baseline() throws -> [String: Int] {
        guard let text = try? String(contentsOfFile: baselineFile, encoding: .utf8) else { return [:] }
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, let count = Int(parts[0]) { counts[String(parts[1])] = count }
        }
        return counts
    }

    @Test("no file types more paths than it did; one that types fewer has its number brought down")
    func onlyFalls() throws {
        let found = try Self.literals()
        let counts = Dictionary(grouping: found, by: \.file).mapValues(\.count)
        if ProcessInfo.processInfo.environment["HEARTH_WRITE_PATH_BASELINE"] == "1" {
            let lines = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            let header = "# Paths still typed as strings, by file (PathLiteralTests): the numbers only come down.\n"
            try (header + lines.joined(separator: "\n") + "\n").write(toFile: Self.baselineFile, atomically: true, encoding: .utf8)
            return
        }
        let allowed = try Self.baseline()
        for (file, count) in counts.sorted(by: { $0.key < $1.key }) where count > allowed[file, default: 0] {
            let lines = found.filter { $0.file == file }.map { "\(file):\($0.line) \($0.text)" }.joined(separator: "\n")
            Issue.record("\(file) types \(count) paths, \(allowed[file, default: 0]) allowed: make the link from the area's routes.\n\(lines)")
        }
        for (file, count) in allowed.sorted(by: { $0.key < $1.key }) where counts[file, default: 0] < count {
            Issue.record("\(file) now types \(counts[file, default: 0]) paths: bring its number in path-literals.txt down from \(count).")
        }
    }

    @Test("the test sees a typed path: one more in a file fails it")
    func catchesOne() throws {
        let line = #"        let link = "/records/\(id)/edit""#
        #expect(line.matches(of: Self.swiftLiteral).map { String($0.1) } == ["/records/"], "found, up to the interpolation")
        #expect(#"<a href="/appointments/{{page.id}}/edit">"#.matches(of: Self.templateLiteral).count == 1)
        #expect(#"<link href="/css/hearth.css">"#.matches(of: Self.templateLiteral).allSatisfy { String($0.1).firstMatch(of: Self.notAPage) != nil })
    }
}
