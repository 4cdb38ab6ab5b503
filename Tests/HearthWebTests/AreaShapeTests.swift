import Foundation
import Testing
@testable import HearthStore
@testable import HearthWeb

/// Every area declares itself in `<Name>Area.swift` in its own folder, and `Areas.all`
/// mounts every area declared: an area added but not listed has no routes, and nothing else
/// would notice. (The first step of one shape for every area, issue 25.)
@Suite("The shape of areas")
struct AreaShapeTests {
    static let sources = packageRoot + "/Sources/HearthWeb"
    /// Folders of shared machinery, not areas.
    static let shared: Set<String> = ["App", "Connections", "Demo", "Middleware", "Reminders", "Views"]

    /// Every Swift file under `folder`: its path there and its text.
    static func swiftFiles(in folder: String = sources) throws -> [(path: String, text: String)] {
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try paths.map { ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
    }

    /// The types declared `enum Name: <conformance>` in the Swift files under `folder`.
    static func enums(conformingTo conformance: String, in folder: String = sources) throws -> Set<String> {
        let pattern = try Regex<(Substring, Substring)>("(?m)^enum (\\w+): \(conformance)\\b")
        return Set(try swiftFiles(in: folder).flatMap { $0.text.matches(of: pattern).map { String($0.output.1) } })
    }

    static func declarations() throws -> [(folder: String, file: String, area: String)] {
        var found: [(String, String, String)] = []
        for (file, text) in try swiftFiles() {
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
        let folders = try Self.folders().filter { !Self.shared.contains($0) }
        #expect(Set(folders).subtracting(found.map(\.folder)).sorted() == [], "a folder of HearthWeb that is no area and not shared")
    }

    static func folders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sources).filter { name in
            var folder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: sources + "/" + name, isDirectory: &folder) && folder.boolValue
        }
    }

    @Test("each area folder has its README (how the area works, beside its code)")
    func readme() throws {
        let areas = Set(try Self.declarations().map(\.folder)).subtracting(["App", "Photos", "Help"])
        #expect(areas.filter { !FileManager.default.fileExists(atPath: Self.sources + "/\($0)/README.md") }.sorted() == [])
    }

    @Test("every page model is in its own file, named after it, in its area's folder")
    func onePagePerFile() throws {
        var misplaced: [String] = []
        for (folder, _, name) in try Self.declarations() {
            guard let area = Areas.all.first(where: { "\($0)" == name }) else { continue }
            for page in area.pages where !FileManager.default.fileExists(atPath: Self.sources + "/\(folder)/\(page).swift") {
                misplaced.append("\(page) of \(name) is not in \(folder)/\(page).swift")
            }
        }
        #expect(misplaced == [])
    }

    @Test("routes are added in the areas' own files, not in controllers")
    func routesInTheArea() throws {
        var elsewhere: [String] = []
        for (file, text) in try Self.swiftFiles() where !file.hasSuffix("Area.swift") && !file.hasSuffix("Context.swift") {
            if text.contains("func addRoutes(") || text.firstMatch(of: /router\.(get|post|group|on)\(/) != nil { elsewhere.append(file) }
        }
        #expect(elsewhere.sorted() == [], "routes added outside an <Area>Area.swift")
    }

    @Test("every area declared is mounted in Areas.all, once")
    func mounted() throws {
        let declared = Set(try Self.declarations().map(\.area))
        let mounted = Areas.all.map { String(describing: $0) }
        #expect(Set(mounted) == declared)
        #expect(mounted.count == Set(mounted).count)
    }

    @Test("every calendar mark source an area declares is read by the calendar")
    func calendarSources() throws {
        let declared = try Self.enums(conformingTo: "CalendarMarksSource", in: packageRoot + "/Sources/HearthStore")
        #expect(declared == Set(CalendarRepository.sources.map { "\($0)" }))
        #expect(declared.count >= 4)
    }

    @Test("every area's demo step is part of the demo household")
    func demoSteps() throws {
        let declared = try Self.enums(conformingTo: "DemoStep")
        #expect(declared == Set(AreaList.standard.demoSteps.map { "\($0)" }))
    }
}
