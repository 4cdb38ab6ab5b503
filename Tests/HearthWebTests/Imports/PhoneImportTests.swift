import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Imports from phones, through the browser")
struct PhoneImportTests {
    /// Waits for the background import to end, as the progress page would.
    static func finished(_ jobID: Int64, _ hearth: Hearth) async throws -> ImportJob {
        for _ in 0..<200 {
            if let job = try await ImportRepository(hearth.database).job(id: jobID, access: .everyone), job.state != .running { return job }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }

    static func upload(_ browser: Browser, person: Int64, source: String, filename: String, bytes: [UInt8]) async throws -> (TestResponse, Int64?) {
        try await browser.get("/people/\(person)/import")
        let response = try await browser.postMultipart("/people/\(person)/import", ["source": source], files: [("file", filename, bytes)])
        return (response, response.location.flatMap { Int64($0.split(separator: "/").last ?? "") })
    }

    @Test("the sample export is imported in the background; the progress page ends with records read and days written; again changes nothing")
    func appleHealth() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun"), photo: nil, now: Date(timeIntervalSince1970: 0))
            let sample = try fixture("apple-health/export6s3sample.xml")
            let (response, jobID) = try await Self.upload(owner, person: person.id, source: "apple-health", filename: "export.xml", bytes: sample)
            #expect(response.status == .seeOther)
            let job = try await Self.finished(try #require(jobID), hearth)
            #expect(job.state == .done && job.recordsRead == 15 && job.daysWritten == 1)
            let page = try await owner.get("/imports/\(job.id)")
            #expect(page.text.contains("Import finished.") && page.text.contains("15 records read") && page.text.contains("1 day written"))
            let status = try JSONSerialization.jsonObject(with: Data(try await owner.get("/imports/\(job.id)/status").text.utf8)) as? [String: Any]
            #expect(status?["state"] as? String == "done" && status?["percent"] as? Int == 100 && status?["records"] as? String == "15 records read")
            // The sample's day, 13 September 2014, in Seoul.
            #expect(try DailyRepository(hearth.database).day(subjectID: person.id, on: LocalDate("2014-09-13")!).steps == 2517)
            let before = try await RoleMatrixTests.Snapshot(hearth.database)
            let again = try await Self.finished(
                try #require(try await Self.upload(owner, person: person.id, source: "apple-health", filename: "export.xml", bytes: sample).1), hearth)
            #expect(again.state == .done && again.daysWritten == 0, "the same file again writes nothing")
            let after = try await RoleMatrixTests.Snapshot(hearth.database)
            #expect(after.rows.filter { !$0.hasPrefix("import|") } == before.rows.filter { !$0.hasPrefix("import|") })
        }
    }

    @Test("a step count typed by hand for a day wins over the import, before and after it")
    func handWins() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun"), photo: nil, now: Date(timeIntervalSince1970: 0))
            try await owner.get("/people/\(person.id)")
            #expect(try await owner.post("/people/\(person.id)/steps", ["steps": "1234", "date": "2026-01-02"]).status == .seeOther)
            let csv = Array("Date,Step count,Average weight (kg)\n2026-01-02,4000,70\n2026-01-03,5000,\n".utf8)
            let job = try await Self.finished(
                try #require(try await Self.upload(owner, person: person.id, source: "google-fit", filename: "Daily activity metrics.csv", bytes: csv).1),
                hearth)
            #expect(job.daysWritten == 2)
            let daily = DailyRepository(hearth.database)
            #expect(try daily.day(subjectID: person.id, on: LocalDate("2026-01-02")!).steps == 1234, "typed by hand")
            #expect(try daily.day(subjectID: person.id, on: LocalDate("2026-01-03")!).steps == 5000, "imported")
            #expect(try daily.day(subjectID: person.id, on: LocalDate("2026-01-03")!).latestWeight == DatedWeight(grams: 70_000, day: LocalDate("2026-01-02")!))
        }
    }

    @Test(
        "bad files end with a clear summary and nothing written",
        arguments: [
            ("apple-health", "export.zip", "PK\u{3}\u{4} half a zip", "The zip file is cut off or damaged."),
            (
                "apple-health", "export.xml",
                "<HealthData><Record type=\"HKQuantityTypeIdentifierStepCount\" startDate=\"2026-01-01 10:00:00 +0900\" value=\"5\"/>", "cut off while copying"
            ),
            ("apple-health", "photo.jpg", "\u{FF}\u{D8} not xml", "it is not XML"),
            ("google-fit", "metrics.csv", "Date,Calories (kcal)\n2026-01-01,100\n", "lacks the columns Hearth reads"),
        ])
    func badFiles(source: String, filename: String, content: String, message: String) async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun"), photo: nil)
            let (_, jobID) = try await Self.upload(owner, person: person.id, source: source, filename: filename, bytes: Array(content.utf8))
            let job = try await Self.finished(try #require(jobID), hearth)
            #expect(job.state == .failed)
            let page = try await owner.get("/imports/\(job.id)")
            #expect(page.text.contains(message), "\(filename): the reason on the page")
            #expect(page.text.contains("Nothing was written."))
            #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM daily_value")! } == 0)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory + "/tmp").filter { $0.hasPrefix("upload-") }
            #expect(leftovers.isEmpty, "the uploaded file is removed")
        }
    }

    @Test("a form without a file or a source is refused on its fields")
    func formProblems() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun"), photo: nil)
            try await owner.get("/people/\(person.id)/import")
            let response = try await owner.postMultipart("/people/\(person.id)/import", ["source": "fitbit"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Choose where the file comes from.") && response.text.contains("Choose the file to import."))
        }
    }
}
