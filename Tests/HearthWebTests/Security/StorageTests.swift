import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import HearthImaging
import Testing
@testable import HearthWeb

@Suite("Storage: a full disk, leftovers after a crash")
struct StorageTests {
    /// SQLite's own limit on the file's size gives the real SQLITE_FULL (error 13) that a
    /// full disk gives, on the writer connection every request's write goes through; the
    /// free pages left inside the file are then filled, as a disk's last blocks would be.
    func fillDatabase(_ hearth: Hearth) async throws {
        try await hearth.database.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS filler(bytes BLOB)")
            let used = try Int.fetchOne(db, sql: "PRAGMA page_count")!
            try db.execute(sql: "PRAGMA max_page_count = \(used)")
        }
        for size in [4000, 1000, 100, 10] {
            while (try? await hearth.database.write { db in try db.execute(sql: "INSERT INTO filler VALUES (randomblob(\(size)))") }) != nil {}
        }
    }

    func emptyDatabase(_ hearth: Hearth) async throws {
        try await hearth.database.write { db in
            try db.execute(sql: "PRAGMA max_page_count = 1000000")
            try db.execute(sql: "DELETE FROM filler")
        }
    }

    @Test("a full disk answers 507 with a page that says so, in the member's language, saves nothing, and recovers when space is back")
    func fullDisk() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            try await owner.get("/me")
            #expect(try await owner.post("/me", ["display_name": "Mina", "language": "ko"]).status == .seeOther)
            try await owner.get("/pets/\(nabi)/records/new?kind=diary")
            try await fillDatabase(hearth)
            let long = String(repeating: "A long day at the beach. ", count: 700)
            let diary = ["kind": "diary", "title": "Beach", "text": long, "date": "2026-11-20", "time": "10:00"]
            let response = try await owner.postMultipart("/pets/\(nabi)/records", diary)
            #expect(response.status == .diskFull)
            #expect(response.text.contains("데이터를 보관하는 디스크가 가득 차서 아무것도 저장되지 않았어요"))
            #expect(try await EntryRepository(hearth.database).timeline(subjectID: nabi).isEmpty)

            try await emptyDatabase(hearth)
            #expect(try await owner.postMultipart("/pets/\(nabi)/records", diary).status == .seeOther)
        }
    }

    @Test("a phone import that meets a full disk says the disk is full, not that the file could not be read; a CSV's problem keeps its line")
    func importOnFullDisk() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mom", colour: .teal), photo: nil)
            let imports = ImportRepository(hearth.database)
            let runner = ImportRunner(imports: imports, workers: WorkerThreads(limit: 1, name: "test-imports"))
            let seoul = TimeZone(identifier: "Asia/Seoul")!
            let job = try await imports.start(subjectID: person.id, source: "apple-health", fileName: "export.xml", bytesTotal: 1, createdBy: nil)
            // Three thousand days of steps: more than the last free pages of a full disk hold.
            let copy = temporaryDataDirectory() + "-export.xml"
            let start = Date(timeIntervalSince1970: 1_500_000_000)
            let records = (0..<3000).map { day in
                let stamp = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(day) * 86_400)).replacingOccurrences(of: "T", with: " ")
                    .replacingOccurrences(of: "Z", with: " +0000")
                return #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="\#(stamp)" value="\#(4000 + day)"/>"#
            }
            try ("<?xml version=\"1.0\"?>\n<HealthData locale=\"ko_KR\">\n" + records.joined(separator: "\n") + "\n</HealthData>\n").write(
                toFile: copy, atomically: true, encoding: .utf8)
            try await fillDatabase(hearth)
            await runner.run(jobID: job, subjectID: person.id, source: .appleHealth, path: copy, fileName: "export.xml", timeZone: seoul)
            try await emptyDatabase(hearth)
            var page = try await owner.get("/imports/\(job)")
            #expect(page.text.contains("The disk where Hearth keeps its data is full"), "\(page.text)")

            let csv = temporaryDataDirectory() + "-daily.csv"
            try Data("Date,Step count\n2026-05-01,\"".utf8 + [UInt8](repeating: 0x41, count: 2 << 20)).write(to: URL(fileURLWithPath: csv))
            let second = try await imports.start(subjectID: person.id, source: "google-fit", fileName: "daily.csv", bytesTotal: 1, createdBy: nil)
            await runner.run(jobID: second, subjectID: person.id, source: .googleFit, path: csv, fileName: "daily.csv", timeZone: seoul)
            page = try await owner.get("/imports/\(second)")
            #expect(page.text.contains("Line 2 runs past 1 MB without ending"))
        }
    }

    @Test("a write error is recognised as a full disk from SQLite and from the kernel")
    func recognised() async throws {
        // /dev/full answers every write with ENOSPC: the kernel's own full disk.
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let error = try #require(throws: (any Error).self) { try handle.write(contentsOf: Data(repeating: 1, count: 4096)) }
        #expect(StorageFull.isCause(error))
        #expect(!StorageFull.isCause(CocoaError(.fileNoSuchFile)))
        #expect(!StorageFull.isCause(DatabaseError(resultCode: .SQLITE_CONSTRAINT)))
        #expect(StorageFull.isCause(DatabaseError(resultCode: .SQLITE_FULL)))
    }

    @Test("uploads left half-read in tmp/ by a crash are removed at start")
    func leftoverUploads() async throws {
        let directory = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withHearth(dataDirectory: directory) { _, _ in }
        let leftover = directory + "/tmp/upload-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data(repeating: 0xFF, count: 12345)))
        try await withHearth(dataDirectory: directory) { _, _ in
            #expect(!FileManager.default.fileExists(atPath: leftover))
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory + "/tmp"))?.isEmpty == true)
        }
    }
}
