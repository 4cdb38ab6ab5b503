import Foundation
import Testing
@testable import HearthWeb

/// Every area declares itself in `<Name>Area.swift` in its own folder, and `Areas.all`
/// mounts every area declared: an area added but not listed has no routes, and nothing else
/// would notice. (The first step of one shape for every area, issue 25.)
@Suite("The shape of areas")
struct AreaShapeTests {
    static let sources = packageRoot + "/Sources/HearthWeb"
    /// Folders of shared machinery, not areas.
    static let shared: Set<String> = ["App", "Connections", "Demo", "Middleware", "Reminders", "Views"]

    static func declarations() throws -> [(folder: String, file: String, area: String)] {
        var found: [(String, String, String)] = []
        let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for match in text.matches(of: /(?m)^enum (\w+): Area \{/) {
                found.append(((file as NSString).deletingLastPathComponent, (file as NSString).lastPathComponent, String(match.output.1)))
            }
        }
        return found
    }

    @Test("each area is declared in its own <Name>Area.swift, and every area folder has one")
    func ownFile() throws {
        let found = try Self.declarations().filter { $0.area != "AppArea" }
        #expect(found.filter { $0.file != "\($0.area).swift" }.map { "\($0.area) in \($0.folder)/\($0.file)" } == [])
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources).filter { !Self.shared.contains($0) && !$0.hasPrefix(".") }
        #expect(Set(folders).subtracting(found.map(\.folder)).sorted() == [], "a folder of HearthWeb that is no area and not shared")
    }

    @Test("every area declared is mounted in Areas.all, once")
    func mounted() throws {
        let declared = Set(try Self.declarations().map(\.area))
        let mounted = Areas.all.map { String(describing: $0) }
        #expect(Set(mounted) == declared)
        #expect(mounted.count == Set(mounted).count)
    }
}
