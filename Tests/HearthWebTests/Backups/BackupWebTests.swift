import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import HearthWeb

@Suite("Backups and export from the settings page")
struct BackupWebTests {
    static func waitForBackup(_ owner: Browser) async throws -> String {
        var page = try await owner.get("/settings/backups")
        for _ in 0..<200 where page.text.contains("A backup is being made") || !page.text.contains("Last backup") && !page.text.contains("last backup failed") {
            try await Task.sleep(for: .milliseconds(25))
            page = try await owner.get("/settings/backups")
        }
        return page.text
    }

    @Test("back up now: the page shows it running, then its size and name; the archive downloads and verifies; each archive is listed once")
    func backUpNow() async throws {
        try await withHousehold { hearth, owner in
            _ = try await owner.addPet("Nabi", photo: try fixture("exif-orientation/Landscape_1.jpg"))
            try await owner.get("/settings/backups")
            #expect(try await owner.post("/settings/backups/now", [:]).headers[.location]?.hasPrefix("/settings/backups?done=") == true)
            let text = try await Self.waitForBackup(owner)
            let name = try #require(text.firstMatch(of: /\((hearth-\d{8}-\d{6}\.tar)\), verified/).map { String($0.1) })
            let download = try await owner.get("/settings/backups/\(name)")
            #expect(download.status == .ok)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"\(name)\"")
            let copy = hearth.dataDirectory + "/downloaded.tar"
            try Data(download.body.readableBytesView).write(to: URL(fileURLWithPath: copy))
            let manifest = try Backup.verify(archive: copy, scratch: hearth.dataDirectory)
            #expect(manifest.tables["subject"] == 1 && manifest.photoCount == 3, "the pet and its photo with both derivatives")
            #expect(try await owner.get("/settings/backups/..%2Fhearth.sqlite").status == .notFound)
            // An archive of an earlier day (a second one the same day replaces the day's: 7/4/12):
            // the page lists each once.
            _ = try Backup.make(
                hearth.database, dataDirectory: hearth.dataDirectory, into: hearth.dataDirectory + "/backups", now: Date(timeIntervalSince1970: 1_767_312_000))
            let both = try await owner.get("/settings/backups").text
            #expect(both.components(separatedBy: "<li><a href=\"/settings/backups/hearth-").count - 1 == 2, "two archives, each listed once")
            #expect(try await owner.get("/settings/backups/hearth-20990101-000000.tar").status == .notFound)
        }
    }

    @Test("the folder must be a full path Hearth can write into, said on the field; a good one is used for the next backup")
    func folder() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/settings/backups")
            let relative = try await owner.post("/settings/backups", ["folder": "usb/backups"])
            #expect(relative.status == .unprocessableContent)
            #expect(relative.text.contains("Give a full path, starting with /."))
            let unwritable = try await owner.post("/settings/backups", ["folder": "/proc/hearth-backups"])
            #expect(unwritable.status == .unprocessableContent)
            #expect(unwritable.text.contains("Hearth cannot write into that folder."))
            let usb = NSTemporaryDirectory() + "hearth-usb-" + UUID().uuidString
            #expect(try await owner.post("/settings/backups", ["folder": usb]).status == .seeOther)
            try await owner.get("/settings/backups")
            try await owner.post("/settings/backups/now", [:])
            _ = try await Self.waitForBackup(owner)
            #expect(try FileManager.default.contentsOfDirectory(atPath: usb).contains { Backup.date(ofArchive: $0) != nil })
        }
    }

    @Test("the nightly backup runs once after 03:00 in the household's zone, also when the server was down at 03:00, and keeps 7/4/12")
    func nightly() async throws {
        try await withHousehold { hearth, owner in
            let services = try await makeServices(
                HearthConfiguration(dataDirectory: hearth.dataDirectory, resourcesDirectory: packageRoot), database: hearth.database,
                logger: Logger(label: "test"))
            let service = BackupService(runner: services.backups, clock: { Date() }, logger: Logger(label: "test"))
            let seoul = TimeZone(identifier: "Asia/Seoul")!
            func at(_ text: String) -> Date { try! LocalTime.instant(date: String(text.prefix(10)), time: String(text.suffix(5)), in: seoul).get() }
            let runs = BackupRepository(hearth.database)
            func count() throws -> Int { try runs.recent(limit: 100).filter { $0.trigger == .nightly }.count }
            func settle() async throws {
                for _ in 0..<200 where try runs.recent().contains(where: \.isRunning) { try await Task.sleep(for: .milliseconds(20)) }
            }
            try await service.tick(now: at("2026-11-20 02:59"))
            try await settle()
            #expect(try count() == 1, "the first start backs up at once: none was made before")
            try await service.tick(now: at("2026-11-20 03:01"))
            try await settle()
            #expect(try count() == 2, "03:00 has passed since the last")
            try await service.tick(now: at("2026-11-20 23:00"))
            #expect(try count() == 2, "once a night")
            // The server was off over three nights; on its return, one backup, not three.
            try await service.tick(now: at("2026-11-23 10:00"))
            try await settle()
            #expect(try count() == 3)
            #expect(try runs.recent().first?.error == nil)
        }
    }

    @Test("export: a CSV per kind with a byte-order mark and Korean intact, one JSON document of everything, an iCalendar file; owners only")
    func export() async throws {
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("나비")
            let at = Date(timeIntervalSince1970: 1_767_312_000)
            _ = try await EntryRepository(hearth.database).create(
                subjectID: pet, RecordInput(occurredAt: at, localDate: LocalDate("2026-01-02")!, note: "아침, \"조금\"", details: .weight(value: 4.2, unit: .kg)),
                photos: [], createdBy: nil)
            let csv = try await owner.get("/settings/export/weights.csv")
            let bytes = Array(csv.body.readableBytesView)
            #expect(bytes.prefix(3) == [0xEF, 0xBB, 0xBF])
            let lines = String(decoding: bytes.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
            #expect(lines[0] == "record_id,subject_id,subject,occurred_at,local_date,note,written_by,value,unit,grams")
            #expect(lines[1].hasPrefix("1,\(pet),나비,2026-01-02T00:00:00Z,2026-01-02,\"아침, \"\"조금\"\"\",,4.2,kg,4200"))
            let json = try await owner.get("/settings/export/hearth.json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.body.readableBytesView)) as? [String: Any])
            #expect(document["format"] as? String == "hearth-export" && document["version"] as? Int == 1)
            let kinds = try #require(document["kinds"] as? [String: [[String: Any]]])
            #expect(Set(kinds.keys) == Set(AreaList.standard.exportKinds.map(\.name)))
            #expect(kinds["weights"]?.first?["grams"] as? Double == 4200)
            #expect(kinds["subjects"]?.first?["name"] as? String == "나비")
            let ics = try await owner.get("/settings/export/hearth.ics")
            #expect(ics.text.contains("BEGIN:VCALENDAR") && ics.text.contains("SUMMARY:나비: Weight 4.2 kg") && ics.text.contains("DTSTART:20260102T000000Z"))
            // In the member's language, with the value.
            try await owner.get("/me")
            #expect(try await owner.post("/me", ["display_name": "Mina", "language": "ko"]).status == .seeOther)
            #expect(try await owner.get("/settings/export/hearth.ics").text.contains("SUMMARY:나비: 체중 4.2 kg"))
            #expect(try await owner.get("/settings/export/passwords.csv").status == .notFound)

            // A note a spreadsheet would run as a formula is written to be shown, not run.
            _ = try await EntryRepository(hearth.database).create(
                subjectID: pet,
                RecordInput(occurredAt: at, localDate: LocalDate("2026-01-02")!, note: "=HYPERLINK(\"http://x\")", details: .weight(value: -1, unit: .kg)),
                photos: [], createdBy: nil)
            let formulas = try await owner.get("/settings/export/weights.csv").text
            #expect(formulas.contains(#""'=HYPERLINK(""http://x"")""#), "\(formulas)")
            #expect(formulas.contains(",-1,kg,"), "a negative number stays a number")
        }
    }

    @Test("the restore command on the page is this server's, with the newest archive and the data folder as absolute paths, quoted where needed")
    func restoreCommand() {
        let command = BackupsController.restoreCommand(
            archive: "/home/kim/hearth data/backups/hearth-20261124-030000.tar", dataDirectory: "/home/kim/hearth data")
        #expect(command.hasSuffix(" restore '/home/kim/hearth data/backups/hearth-20261124-030000.tar' --data-dir '/home/kim/hearth data'"))
        #expect(command.hasPrefix("/"), "the program by its absolute path")
        #expect(BackupsController.shellWord("it's") == #"'it'\''s'"#)
    }
}
