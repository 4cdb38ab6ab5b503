import Foundation
import HearthCore
import Testing
@testable import HearthImports

@Suite("Apple Health exports")
struct AppleHealthImportTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let london = TimeZone(identifier: "Europe/London")!

    func read(_ xml: String, in timeZone: TimeZone = seoul, chunkSize: Int = 1 << 20) throws -> ImportedFile {
        try AppleHealthImport.read(path: try ExportFiles.temporary("export.xml", Array(xml.utf8)), timeZone: timeZone, chunkSize: chunkSize)
    }

    @Test("the real sample export: ten step records on one day, fifteen records read, workouts and summaries passed over")
    func realSample() throws {
        let file = try AppleHealthImport.read(path: ExportFiles.sample, timeZone: Self.london)
        #expect(file.recordsRead == 15)
        #expect(file.days == [ImportedDay(day: LocalDate("2014-09-13")!, steps: 329 + 283 + 426 + 61 + 10 + 200 + 390 + 320 + 216 + 282)])
    }

    @Test("overlapping sources: each hour counts its largest single source, a day sums its hours")
    func stepsAcrossSources() throws {
        let file = try read(
            ExportFiles.export([
                ExportFiles.record("StepCount", "500", unit: "count", start: "2026-05-01 10:05:00 +0900", source: "iPhone"),
                ExportFiles.record("StepCount", "300", unit: "count", start: "2026-05-01 10:40:00 +0900", source: "iPhone"),
                ExportFiles.record("StepCount", "600", unit: "count", start: "2026-05-01 10:10:00 +0900", source: "Apple Watch"),
                ExportFiles.record("StepCount", "100", unit: "count", start: "2026-05-01 11:10:00 +0900", source: "Apple Watch"),
                ExportFiles.record("StepCount", "40", unit: "count", start: "2026-05-01 11:20:00 +0900", source: "Pedometer &amp; Co"),
            ]))
        #expect(
            file.days == [ImportedDay(day: LocalDate("2026-05-01")!, steps: 800 + 100)], "hour 10: iPhone 800 beats the watch's 600; hour 11: the watch's 100")
    }

    @Test("a record's own offset is kept and it lands on the household's local day: 23:30 stays, 15:30 UTC is the next day in Seoul")
    func localDays() throws {
        let file = try read(
            ExportFiles.export([
                ExportFiles.record("StepCount", "1000", unit: "count", start: "2026-05-01 23:30:00 +0900"),
                ExportFiles.record("StepCount", "70", unit: "count", start: "2026-05-01 15:30:00 +0000"),
                ExportFiles.record("StepCount", "5", unit: "count", start: "2026-05-01 23:59:59 +0900"),
            ]))
        #expect(
            file.days == [
                ImportedDay(day: LocalDate("2026-05-01")!, steps: 1005),
                ImportedDay(day: LocalDate("2026-05-02")!, steps: 70),
            ])
    }

    @Test("the spring-forward day in London has 23 hours; hours either side of the gap stay apart, and the autumn's repeated hour is one hour")
    func daylightSaving() throws {
        let file = try read(
            ExportFiles.export([
                // 00:30 GMT and 02:30 BST: one hour apart on the clock that skipped 01:00–02:00.
                ExportFiles.record("StepCount", "100", unit: "count", start: "2026-03-29 00:30:00 +0000", source: "iPhone"),
                ExportFiles.record("StepCount", "200", unit: "count", start: "2026-03-29 02:30:00 +0100", source: "Watch"),
                // 01:30 BST and 01:30 GMT on 25 October are both the local hour 01 (the clock repeats it).
                ExportFiles.record("StepCount", "300", unit: "count", start: "2026-10-25 01:30:00 +0100", source: "iPhone"),
                ExportFiles.record("StepCount", "50", unit: "count", start: "2026-10-25 01:30:00 +0000", source: "iPhone"),
                ExportFiles.record("StepCount", "400", unit: "count", start: "2026-10-25 01:45:00 +0000", source: "Watch"),
            ]), in: Self.london)
        #expect(
            file.days == [
                ImportedDay(day: LocalDate("2026-03-29")!, steps: 300),
                ImportedDay(day: LocalDate("2026-10-25")!, steps: 400),
            ], "29 March: two different hours, summed; 25 October: iPhone's 350 vs the watch's 400 in the one local hour 01")
    }

    @Test("records inside a Correlation repeat top-level ones and are not counted twice")
    func correlations() throws {
        let weight = ExportFiles.record("BodyMass", "70", unit: "kg", start: "2026-05-01 07:00:00 +0900")
        let water = ExportFiles.record("DietaryWater", "250", unit: "mL", start: "2026-05-01 08:00:00 +0900")
        let file = try read(
            ExportFiles.export([
                weight, water,
                #"<Correlation type="HKCorrelationTypeIdentifierFood" sourceName="App" creationDate="2026-05-01 08:00:00 +0900" startDate="2026-05-01 08:00:00 +0900" endDate="2026-05-01 08:00:00 +0900">"#,
                "  " + water,
                #"  <MetadataEntry key="meal" value="breakfast"/>"#,
                "</Correlation>",
            ]))
        #expect(file.recordsRead == 2)
        #expect(file.days == [ImportedDay(day: LocalDate("2026-05-01")!, waterML: 250, weightGrams: 70_000)])
    }

    @Test("weights in kg and lb (the day's last reading), water in mL, L and US fl oz (summed)")
    func units() throws {
        let file = try read(
            ExportFiles.export([
                ExportFiles.record("BodyMass", "160", unit: "lb", start: "2026-05-02 21:00:00 +0900"),
                ExportFiles.record("BodyMass", "73.2", unit: "kg", start: "2026-05-02 07:00:00 +0900"),
                ExportFiles.record("DietaryWater", "0.5", unit: "L", start: "2026-05-02 09:00:00 +0900"),
                ExportFiles.record("DietaryWater", "8", unit: "fl_oz_us", start: "2026-05-02 12:00:00 +0900"),
                ExportFiles.record("DietaryWater", "100", unit: "mL", start: "2026-05-02 15:00:00 +0900"),
                ExportFiles.record("DietaryWater", "3", unit: "bucket", start: "2026-05-02 15:00:00 +0900"),
            ]))
        #expect(file.days == [ImportedDay(day: LocalDate("2026-05-02")!, waterML: 500 + 237 + 100, weightGrams: 72_574.8)])
        #expect(file.skipped == 1, "the unit nobody knows")
    }

    @Test("chunks of any size give the same days: tags split across reads are put back together")
    func chunkBoundaries() throws {
        let xml = try String(contentsOfFile: ExportFiles.sample, encoding: .utf8)
        let whole = try read(xml, in: Self.london)
        for size in [1, 7, 64, 4096] {
            #expect(try read(xml, in: Self.london, chunkSize: size) == whole, "chunks of \(size) bytes")
        }
    }

    @Test("export.zip: the export.xml inside is streamed out and read like the file itself")
    func zip() throws {
        let xml = Array(try String(contentsOfFile: ExportFiles.sample, encoding: .utf8).utf8)
        let archive = ExportFiles.zip([("apple_health_export/export_cda.xml", Array("<ClinicalDocument/>".utf8)), ("apple_health_export/export.xml", xml)])
        let path = try ExportFiles.temporary("export.zip", archive)
        var seen: [ImportProgress] = []
        let file = try AppleHealthImport.read(path: path, timeZone: Self.london, chunkSize: 512) { seen.append($0) }
        #expect(file == (try AppleHealthImport.read(path: ExportFiles.sample, timeZone: Self.london)))
        #expect(seen.count > 1 && seen.last?.bytesRead ?? 0 > 0, "progress reported as it goes")
    }

    @Test(
        "bad files end with the reason: not XML, another XML, cut off, a cut zip, a zip without the export",
        arguments: [
            ("a photo", Array("\u{FF}\u{D8}\u{FF}\u{E0} JFIF".utf8), ImportProblem.notXML),
            ("JSON", Array(#"{"steps": 100}"#.utf8), ImportProblem.notXML),
            ("an empty file", [], ImportProblem.truncated),
            ("another XML", Array("<?xml version=\"1.0\"?><svg><rect/></svg>".utf8), ImportProblem.notAppleHealth),
        ] as [(String, [UInt8], ImportProblem)])
    func badFiles(name: String, bytes: [UInt8], problem: ImportProblem) throws {
        #expect(throws: problem, "\(name)") { try AppleHealthImport.read(path: try ExportFiles.temporary("export.xml", bytes), timeZone: Self.seoul) }
    }

    @Test("a file cut off mid-way, or a zip cut off, is refused: never half a file")
    func truncated() throws {
        let xml = Array(try String(contentsOfFile: ExportFiles.sample, encoding: .utf8).utf8)
        for cut in [xml.count / 2, xml.count - 3] {
            #expect(throws: ImportProblem.truncated) {
                try AppleHealthImport.read(path: try ExportFiles.temporary("export.xml", Array(xml.prefix(cut))), timeZone: Self.seoul)
            }
        }
        let archive = ExportFiles.zip([("apple_health_export/export.xml", xml)])
        #expect(throws: ImportProblem.zipTruncated) {
            try AppleHealthImport.read(path: try ExportFiles.temporary("export.zip", Array(archive.prefix(archive.count / 2))), timeZone: Self.seoul)
        }
        let other = ExportFiles.zip([("photos/cat.jpg", [1, 2, 3])])
        #expect(throws: ImportProblem.zipWithoutExport) {
            try AppleHealthImport.read(path: try ExportFiles.temporary("export.zip", other), timeZone: Self.seoul)
        }
        var damaged = archive
        damaged[200] ^= 0xFF
        #expect(throws: ImportProblem.damaged) { try AppleHealthImport.read(path: try ExportFiles.temporary("export.zip", damaged), timeZone: Self.seoul) }
    }
}
