import Foundation
import HearthCore
import Testing
@testable import HearthImports

/// Files made to take the server's memory: each is refused as what it is, early, with memory
/// in proportion to the file rather than to what it claims to hold.
@Suite("Hostile phone exports")
struct HostileExportTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    func read(_ bytes: [UInt8], name: String = "export.xml") throws -> ImportedFile {
        try AppleHealthImport.read(path: try ExportFiles.temporary(name, bytes), timeZone: Self.seoul)
    }

    @Test("ten million unclosed tags are refused as damaged at the 65th level, not kept (a 306 KB zip of these took 5.8 GB)")
    func unclosedTags() throws {
        var xml = Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"ko_KR\">".utf8)
        xml += Array(String(repeating: "<a>", count: 10_000_000).utf8)
        #expect(throws: ImportProblem.damaged) { try read(xml) }
        // Zipped, the same file is a thousand times smaller than it inflates to: refused before
        // a byte is inflated.
        #expect(throws: ImportProblem.inflatesTooMuch) { try read(ExportFiles.zip([("apple_health_export/export.xml", xml)]), name: "export.zip") }
    }

    @Test("64 levels are read: the cap is above anything an export nests")
    func deepButAllowed() throws {
        let open = (0..<62).map { "<l\($0)>" }.joined(), close = (0..<62).reversed().map { "</l\($0)>" }.joined()
        let xml = ExportFiles.export([ExportFiles.record("StepCount", "10", unit: "count", start: "2026-05-01 10:05:00 +0900"), open + close])
        #expect(try read(Array(xml.utf8)).days.count == 1)
    }

    @Test("a source's name is known by its first 256 bytes; two sources that differ only after them are one")
    func longSourceNames() throws {
        let long = String(repeating: "워치", count: 200)
        let file = try read(
            Array(
                ExportFiles.export([
                    ExportFiles.record("StepCount", "500", unit: "count", start: "2026-05-01 10:05:00 +0900", source: long + "A"),
                    ExportFiles.record("StepCount", "300", unit: "count", start: "2026-05-01 10:40:00 +0900", source: long + "B"),
                ]).utf8))
        #expect(file.days.first?.steps == 800, "one source: its records in the hour add up")
    }

    @Test("an export naming more step sources than any household has is refused as damaged")
    func manySources() throws {
        let records = (0...ImportLimits.stepSources).map {
            ExportFiles.record("StepCount", "1", unit: "count", start: "2026-05-01 10:05:00 +0900", source: "app \($0)")
        }
        #expect(throws: ImportProblem.damaged) { try read(Array(ExportFiles.export(records).utf8)) }
    }

    @Test("a zip inflating more than a hundred times its size is refused before it is inflated")
    func zipBomb() throws {
        let zeros = [UInt8](repeating: 0x20, count: 64 << 20)
        let zip = ExportFiles.zip([("apple_health_export/export.xml", zeros)])
        #expect(zip.count < 1 << 20)
        #expect(throws: ImportProblem.inflatesTooMuch) { try read(zip, name: "export.zip") }
    }

    @Test("a zip that says it holds less than it does is stopped at what it said")
    func zipThatLies() throws {
        let xml = Array(
            ExportFiles.export((0..<20_000).map { _ in ExportFiles.record("StepCount", "1", unit: "count", start: "2026-05-01 10:05:00 +0900") }).utf8)
        var zip = ExportFiles.zip([("apple_health_export/export.xml", xml)])
        // The uncompressed size in the central directory, read by the importer: say 1,000 bytes.
        let directory = zip.indices.dropLast(3).last { zip[$0] == 0x50 && zip[$0 + 1] == 0x4B && zip[$0 + 2] == 1 && zip[$0 + 3] == 2 }!
        zip.replaceSubrange((directory + 24)..<(directory + 28), with: [0xE8, 0x03, 0, 0])
        #expect(throws: ImportProblem.damaged) { try read(zip, name: "export.zip") }
    }
}
