import Crypto
import Foundation
import GRDB
import HearthCore
import Testing
@testable import HearthStore

@Suite("Backup archives: made, verified, restored")
struct BackupTests {
    /// A data folder with a pet, 40 weights, and two photo records whose files are on disk.
    func household() async throws -> (folder: String, database: AppDatabase, photos: [String]) {
        let folder = temporaryFolder()
        let database = try AppDatabase.open(dataDirectory: folder)
        var photos: [PhotoRecord] = []
        for index in 0..<2 {
            let bytes = Data("photo \(index) ".utf8) + Data(repeating: UInt8(index), count: 3000 + index * 700)
            let sha = SHA256.hex(digest: SHA256.hash(data: bytes))
            let dir = "\(folder)/photos/\(sha.prefix(2))"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: "\(dir)/\(sha).jpg"))
            try Data("thumb".utf8).write(to: URL(fileURLWithPath: "\(dir)/\(sha)-320.jpg"))
            photos.append(PhotoRecord(sha256: sha, format: "jpeg", width: 10, height: 10, byteCount: bytes.count, takenAt: nil))
        }
        let pet = try await PetRepository(database).create(PetProfile(name: "나비", species: .cat), photo: photos[0])
        let entries = EntryRepository(database)
        for index in 0..<40 {
            let at = Date(timeIntervalSince1970: 1_767_312_000 + Double(index) * 86_400)
            _ = try await entries.create(
                subjectID: pet.id,
                RecordInput(occurredAt: at, localDate: LocalDate(at, in: .gmt), note: nil, details: .weight(value: 4 + Double(index) / 100, unit: .kg)),
                photos: index == 3 ? [photos[1]] : [], createdBy: nil)
        }
        return (folder, database, photos.map(\.sha256))
    }

    @Test("an archive made while the database is open restores to the same rows and photo files, and the old folder is kept aside")
    func roundTrip() async throws {
        let (folder, database, photos) = try await household()
        let made = try Backup.make(database, dataDirectory: folder, into: folder + "/backups", now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect((made.path as NSString).lastPathComponent == "hearth-20270115-080000.tar")
        #expect(made.manifest.schemaVersion == Migrations.count)
        #expect(made.manifest.tables["weight_entry"] == 40)
        #expect(made.manifest.photoCount == 4, "two originals and two thumbnails")
        // Something happens after the backup; the restore takes the household back to it.
        _ = try await database.write { db in try db.execute(sql: "DELETE FROM weight_entry WHERE rowid % 2 = 0") }
        try database.close()

        let (manifest, previous) = try Backup.restore(archive: made.path, dataDirectory: folder, now: Date(timeIntervalSince1970: 1_800_000_100))
        #expect(manifest == made.manifest)
        let restored = try AppDatabase.open(dataDirectory: folder)
        defer { try? restored.close() }
        #expect(try restored.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") } == 40)
        #expect(try restored.read { db in try String.fetchOne(db, sql: "SELECT name FROM subject") } == "나비")
        for sha in photos {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/photos/\(sha.prefix(2))/\(sha).jpg"))
        }
        let aside = try #require(previous)
        #expect(FileManager.default.fileExists(atPath: aside + "/hearth.sqlite"), "the replaced folder is kept")
        #expect(FileManager.default.fileExists(atPath: folder + "/backups/" + (made.path as NSString).lastPathComponent), "the backups stay with the household")
    }

    @Test("the household's certificate authority goes into a backup and comes back (key 0600); a backup without one keeps the folder's")
    func certificateAuthorityIsKept() async throws {
        let (folder, database, _) = try await household()
        try FileManager.default.createDirectory(atPath: folder + "/tls", withIntermediateDirectories: true)
        try "CA certificate".write(toFile: folder + "/tls/household-ca.pem", atomically: true, encoding: .utf8)
        try "CA key".write(toFile: folder + "/tls/household-ca-key.pem", atomically: true, encoding: .utf8)
        try "server certificate".write(toFile: folder + "/tls/server.pem", atomically: true, encoding: .utf8)
        let withAuthority = try Backup.make(database, dataDirectory: folder, into: folder + "/backups", now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(withAuthority.manifest.files.map(\.path).filter { $0.hasPrefix("tls/") } == ["tls/household-ca.pem", "tls/household-ca-key.pem"])
        try FileManager.default.removeItem(atPath: folder + "/tls")
        let without = try Backup.make(database, dataDirectory: folder, into: folder + "/backups", now: Date(timeIntervalSince1970: 1_800_000_060))
        try database.close()

        _ = try Backup.restore(archive: withAuthority.path, dataDirectory: folder, now: Date(timeIntervalSince1970: 1_800_000_100))
        #expect(try String(contentsOfFile: folder + "/tls/household-ca-key.pem", encoding: .utf8) == "CA key")
        #expect((try FileManager.default.attributesOfItem(atPath: folder + "/tls/household-ca-key.pem")[.posixPermissions] as? Int) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: folder + "/tls/server.pem"), "the server certificate is made again at start")
        // Restoring a backup from before HTTPS: the authority the phones trust stays.
        _ = try Backup.restore(
            archive: folder + "/backups/" + (without.path as NSString).lastPathComponent, dataDirectory: folder, now: Date(timeIntervalSince1970: 1_800_000_200)
        )
        #expect(try String(contentsOfFile: folder + "/tls/household-ca.pem", encoding: .utf8) == "CA certificate")
    }

    @Test("a changed byte in any file, a missing file and an extra file are each refused, and the data folder is left as it was")
    func tampering() async throws {
        let (folder, database, _) = try await household()
        let made = try Backup.make(database, dataDirectory: folder, into: folder + "/backups")
        try database.close()
        let original = try Data(contentsOf: URL(fileURLWithPath: made.path))

        // Flip one byte inside the second photo's bytes (its data follows its 512-byte header).
        let reader = try TarReader(path: made.path)
        var offset = 0, target = 0
        try reader.forEach { entry in
            let (name, size) = (entry.name, entry.size)
            if name.hasPrefix("photos/"), name.hasSuffix(".jpg"), !name.contains("-"), target == 0 { target = offset + 512 + 100 }
            offset += 512 + (size + 511) / 512 * 512
            return { _ in }
        }
        reader.close()
        var damaged = original
        damaged[target] ^= 0x20
        let damagedPath = folder + "/damaged.tar"
        try damaged.write(to: URL(fileURLWithPath: damagedPath))
        #expect(throws: BackupProblem.self) { try Backup.verify(archive: damagedPath, scratch: folder) }
        func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "server.lock" }.sorted() }
        let before = try listing()
        #expect(throws: BackupProblem.self) { try Backup.restore(archive: damagedPath, dataDirectory: folder) }
        #expect(try listing() == before, "nothing replaced")
        #expect(
            !(try FileManager.default.contentsOfDirectory(atPath: (folder as NSString).deletingLastPathComponent)).contains {
                $0.contains("restoring") && $0.hasPrefix((folder as NSString).lastPathComponent)
            })

        // An archive cut short (a copy that stopped half way).
        let cut = folder + "/cut.tar"
        try original.prefix(original.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(throws: BackupProblem.damaged("hearth.sqlite is cut short")) { try Backup.verify(archive: cut, scratch: folder) }

        // A file the manifest does not name, and a path that would escape the folder.
        for name in ["photos/ab/ab" + String(repeating: "0", count: 62) + ".jpg", "../../etc/passwd"] {
            let extra = folder + "/extra.tar"
            var writer = try TarWriter(creating: extra)
            // Every entry copied as it is (the manifest last), with one more before the manifest.
            var entries: [(String, Data)] = []
            try TarReader(path: made.path).forEach { entry in
                entries.append((entry.name, Data()))
                return { chunk in entries[entries.count - 1].1.append(chunk) }
            }
            for (entryName, data) in entries where entryName != BackupManifest.entryName { try writer.add(name: entryName, data: data) }
            try writer.add(name: name, data: Data("x".utf8))
            try writer.add(name: BackupManifest.entryName, data: try #require(entries.last).1)
            try writer.finish()
            #expect(throws: BackupProblem.self) { try Backup.verify(archive: extra, scratch: folder) }
        }
    }

    @Test("an archive from a newer schema, or from another history, is refused before anything is written")
    func newerSchema() async throws {
        let (folder, database, _) = try await household()
        let made = try Backup.make(database, dataDirectory: folder, into: folder + "/backups")
        try database.close()
        for (migrations, expected) in [
            (Migrations.all.map(\.name) + ["v99 from the future"], BackupProblem.newerSchema(archive: Migrations.count + 1, known: Migrations.count)),
            (["v1 somebody else's"], BackupProblem.foreignSchema("v1 somebody else's")),
        ] {
            var manifest = try Backup.manifestOnly(made.path)
            manifest.migrations = migrations
            let path = folder + "/other.tar"
            var writer = try TarWriter(creating: path)
            try writer.add(name: BackupManifest.entryName, data: manifest.encoded())
            try writer.finish()
            #expect(throws: expected) { try Backup.restore(archive: path, dataDirectory: folder + "-new") }
            #expect(!FileManager.default.fileExists(atPath: folder + "-new"))
        }
    }

    @Test("restore refuses while a server holds the data folder's lock, and works once it lets go")
    func serverRunning() async throws {
        let (folder, database, _) = try await household()
        let made = try Backup.make(database, dataDirectory: folder, into: folder + "/backups")
        try database.close()
        let server = ServerLock(dataDirectory: folder)
        #expect(server.acquire())
        #expect(throws: BackupProblem.serverRunning) { try Backup.restore(archive: made.path, dataDirectory: folder) }
        server.release()
        _ = try Backup.restore(archive: made.path, dataDirectory: folder)
    }

    @Test("a backup's partial files from a crash are never under the final name, and the next backup clears them")
    func leftovers() async throws {
        let (folder, database, _) = try await household()
        defer { try? database.close() }
        let backups = folder + "/backups"
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: URL(fileURLWithPath: backups + "/.hearth-20260101-030000.tar.partial"))
        _ = try Backup.make(database, dataDirectory: folder, into: backups)
        let names = try FileManager.default.contentsOfDirectory(atPath: backups)
        #expect(names.count == 1 && Backup.date(ofArchive: names[0]) != nil, "\(names)")
    }

    @Test("rotation keeps the newest of 7 days, 4 weeks and 12 months")
    func retention() {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
        // A backup every night at 03:00 Seoul for 400 days, ending Monday 2026-11-23.
        let last = calendar.date(from: DateComponents(year: 2026, month: 11, day: 23, hour: 3))!
        let dates = (0..<400).map { calendar.date(byAdding: .day, value: -$0, to: last)! }
        let kept = BackupRetention.keep(dates, calendar: calendar)
        func day(_ date: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
        let keptDays = kept.sorted(by: >).map(day)
        #expect(Array(keptDays.prefix(7)) == ["2026-11-23", "2026-11-22", "2026-11-21", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17"])
        // Weeks (ISO, from Monday): this week's newest is today; then the Sundays ending the weeks before.
        #expect(keptDays.contains("2026-11-15") && keptDays.contains("2026-11-08") && !keptDays.contains("2026-11-01"))
        // Months: the last day of each of the 11 months before November.
        #expect(keptDays.contains("2026-10-31") && keptDays.contains("2025-12-31") && !keptDays.contains("2025-11-30"))
        // 7 days; the weeks add 15 and 8 November; the months add the ends of October back to December 2025.
        #expect(kept.count == 7 + 2 + 11, "\(keptDays)")
        // "Back up now" at 10:00 the same day: both of today's archives stay.
        let now = calendar.date(byAdding: .hour, value: 7, to: last)!
        let again = BackupRetention.keep(dates + [now], calendar: calendar)
        #expect(again.contains(now) && again.contains(last) && again.count == kept.count + 1)
    }
}
