import Crypto
import Foundation
import GRDB
import HearthCore
import Testing
@testable import HearthStore

/// Archives made to do harm, and restores stopped at every step: restore brings only what
/// Hearth makes, refuses early, and never loses the data folder.
@Suite("Restore: hostile archives and interrupted swaps")
struct HostileRestoreTests {
    /// A data folder with one pet, and an archive of it.
    func household() async throws -> (folder: String, archive: String) {
        let folder = temporaryFolder()
        let database = try AppDatabase.open(dataDirectory: folder)
        _ = try await PetRepository(database).create(PetProfile(name: "나비", species: .cat), photo: nil)
        let made = try Backup.make(database, dataDirectory: folder, into: folder + "/backups", now: Date(timeIntervalSince1970: 1_800_000_000))
        try database.close()
        return (folder, made.path)
    }

    /// The archive's members, small enough to hold.
    func members(_ archive: String) throws -> [(name: String, data: Data)] {
        var entries: [(String, Data)] = []
        try TarReader(path: archive).forEach { entry in
            entries.append((entry.name, Data()))
            return { entries[entries.count - 1].1.append($0) }
        }
        return entries
    }

    /// A new archive whose database `change` altered, its manifest recomputed to match: what an
    /// attacker who knows the format would make.
    func tampered(_ archive: String, _ change: (Database) throws -> Void) throws -> String {
        let scratch = temporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let database = scratch + "/hearth.sqlite"
        var entries = try members(archive)
        try entries.first { $0.name == BackupManifest.databaseName }!.data.write(to: URL(fileURLWithPath: database))
        let queue = try DatabaseQueue(path: database)
        try queue.writeWithoutTransaction { db in try change(db) }
        let tables = try queue.read { db in try Backup.rowCounts(db) }
        try queue.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        var manifest = try BackupManifest.decode(entries.first { $0.name == BackupManifest.entryName }!.data)
        manifest.tables = tables
        manifest.files = manifest.files.map { file in
            file.path == BackupManifest.databaseName ? .init(path: file.path, sha256: SHA256.hex(digest: SHA256.hash(data: bytes)), bytes: bytes.count) : file
        }
        entries = entries.map { $0.name == BackupManifest.databaseName ? ($0.name, bytes) : $0 }.filter { $0.name != BackupManifest.entryName }
        let path = scratch + "/tampered.tar"
        var writer = try TarWriter(creating: path)
        try writer.add(name: BackupManifest.entryName, data: manifest.encoded())
        for entry in entries { try writer.add(name: entry.name, data: entry.data) }
        try writer.finish()
        return path
    }

    func restoringFolders(beside folder: String) throws -> [String] {
        let base = (folder as NSString).lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: (folder as NSString).deletingLastPathComponent).filter { $0.hasPrefix(base + ".restoring-") }
    }

    @Test("a trigger, a view or a table added to the backup's database is refused by name, the manifest recomputed or not")
    func foreignSchemaObjects() async throws {
        let (folder, archive) = try await household()
        for (change, named) in [
            ("CREATE TRIGGER own AFTER INSERT ON session BEGIN UPDATE account SET role = 'owner'; END", "trigger own"),
            ("CREATE VIEW everything AS SELECT * FROM account", "view everything"),
            ("CREATE TABLE loot (x)", "table loot"),
            ("DROP INDEX entry_timeline", "lacks the index entry_timeline"),
        ] as [(String, String)] {
            let path = try tampered(archive) { db in try db.execute(sql: change) }
            do {
                _ = try Backup.restore(archive: path, dataDirectory: folder)
                Issue.record("\(change) was restored")
            } catch let problem as BackupProblem {
                #expect(problem.description.contains(named), "\(problem)")
            }
            #expect(try restoringFolders(beside: folder).isEmpty)
        }
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        #expect(try database.read { db in try String.fetchOne(db, sql: "SELECT name FROM subject") } == "나비", "the folder is as it was")
    }

    @Test("an empty database with a schema-0 manifest is refused")
    func schemaZero() async throws {
        let (folder, _) = try await household()
        let scratch = temporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let empty = try DatabaseQueue(path: scratch + "/hearth.sqlite")
        try empty.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch + "/hearth.sqlite"))
        let manifest = BackupManifest(
            createdAt: Date(), migrations: [], tables: [:],
            files: [.init(path: BackupManifest.databaseName, sha256: SHA256.hex(digest: SHA256.hash(data: bytes)), bytes: bytes.count)])
        var writer = try TarWriter(creating: scratch + "/zero.tar")
        try writer.add(name: BackupManifest.entryName, data: manifest.encoded())
        try writer.add(name: BackupManifest.databaseName, data: bytes)
        try writer.finish()
        #expect(throws: BackupProblem.foreignSchema("schema 0: it holds no Hearth database")) {
            try Backup.restore(archive: scratch + "/zero.tar", dataDirectory: folder)
        }
    }

    /// A tar header for `name` of `size` bytes with `type`.
    func header(_ name: String, size: Int, type: UInt8) -> Data {
        var block = [UInt8](try! TarWriter.header(name: name, size: size))
        block[156] = type
        for index in 148..<156 { block[index] = 0x20 }
        let sum = block.reduce(0) { $0 + Int($1) }
        let digits = Array(String(String(sum, radix: 8)).utf8)
        for index in 0..<6 { block[148 + index] = index < 6 - digits.count ? UInt8(ascii: "0") : digits[index - (6 - digits.count)] }
        block[154] = 0
        return Data(block)
    }

    @Test("8 GB the manifest does not list, and an archive of zeros, are refused before a byte is written; a link member is refused")
    func refusedEarly() async throws {
        let (folder, archive) = try await household()
        let entries = try members(archive)
        let manifest = entries.first { $0.name == BackupManifest.entryName }!.data
        let scratch = temporaryFolder()
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        // The manifest, then a member of 8 GB it does not list: a sparse file, so it costs no disk.
        let huge = scratch + "/huge.tar"
        var writer = try TarWriter(creating: huge)
        try writer.add(name: BackupManifest.entryName, data: manifest)
        try writer.finish()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: huge))
        bytes.removeLast(1024)
        // The largest a ustar entry holds (8 GB less a block); 8 GB itself would not fit its size field.
        bytes += header("photos/ab/ab" + String(repeating: "0", count: 62) + ".jpg", size: (8 << 30) - 512, type: UInt8(ascii: "0"))
        try bytes.write(to: URL(fileURLWithPath: huge))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: UInt64(bytes.count) + (8 << 30) - 512 + 1024)
        try handle.close()
        var started = Date()
        #expect(throws: BackupProblem.mismatch("photos/ab/ab" + String(repeating: "0", count: 62) + ".jpg is not in the manifest")) {
            try Backup.restore(archive: huge, dataDirectory: folder)
        }
        #expect(Date().timeIntervalSince(started) < 5, "refused at its header, not after writing 8 GB (at 180 MB/s: 45 s)")

        let zeros = scratch + "/zeros.tar"
        _ = FileManager.default.createFile(atPath: zeros, contents: nil)
        let zeroHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: zeros))
        try zeroHandle.truncate(atOffset: 8 << 30)
        try zeroHandle.close()
        started = Date()
        #expect(throws: BackupProblem.badManifest("it has no manifest.json")) { try Backup.restore(archive: zeros, dataDirectory: folder) }
        #expect(Date().timeIntervalSince(started) < 5)

        // A symbolic link (type 2) and a hard link (type 1) under a listed name.
        for type in [UInt8(ascii: "1"), UInt8(ascii: "2")] {
            let linked = scratch + "/link.tar"
            var data = Data()
            for entry in entries {
                if entry.name == BackupManifest.databaseName {
                    data += header(entry.name, size: 0, type: type)
                } else {
                    data += header(entry.name, size: entry.data.count, type: UInt8(ascii: "0")) + entry.data + Data(count: (512 - entry.data.count % 512) % 512)
                }
            }
            data += Data(count: 1024)
            try data.write(to: URL(fileURLWithPath: linked))
            #expect(throws: BackupProblem.mismatch("hearth.sqlite is a link or a device, which a Hearth backup never holds")) {
                try Backup.restore(archive: linked, dataDirectory: folder)
            }
        }
        #expect(try restoringFolders(beside: folder).isEmpty)
    }

    struct Stopped: Error {}

    @Test("stopped after each step of the swap, as kill -9 would: the next start finishes it, and the folder is never lost", arguments: 0...3)
    func stoppedSwap(step: Int) async throws {
        let (folder, archive) = try await household()
        // After the backup: a second pet, which the restore takes away.
        let database = try AppDatabase.open(dataDirectory: folder)
        _ = try await PetRepository(database).create(PetProfile(name: "Later", species: .dog), photo: nil)
        try database.close()
        #expect(throws: Stopped.self) {
            try Backup.restore(archive: archive, dataDirectory: folder, now: Date(timeIntervalSince1970: 1_800_000_100)) { if $0 == step { throw Stopped() } }
        }
        let said = Backup.recoverInterruptedRestore(dataDirectory: folder)
        if step < 3 { #expect(said?.contains("has been finished") == true, "\(said ?? "nothing said")") }
        #expect(try restoringFolders(beside: folder).isEmpty)
        let restored = try AppDatabase.open(dataDirectory: folder)
        defer { try? restored.close() }
        #expect(try restored.read { db in try String.fetchAll(db, sql: "SELECT name FROM subject") } == ["나비"])
        #expect(FileManager.default.fileExists(atPath: folder + "/backups/" + (archive as NSString).lastPathComponent), "the backups came along")
        #expect(FileManager.default.fileExists(atPath: folder + ".before-restore-20270115-080140/hearth.sqlite"), "the replaced folder is kept")
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + Backup.completeMark))
    }

    @Test("a restore stopped while it was writing leaves a folder the next start removes, proved its own by its mark")
    func stoppedWhileWriting() async throws {
        let (folder, _) = try await household()
        let leftover = folder + ".restoring-20270115-080140"
        try FileManager.default.createDirectory(atPath: leftover + "/photos", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: leftover + "/" + Backup.restoringMark, contents: nil)
        let stranger = folder + ".restoring-not-ours"
        try FileManager.default.createDirectory(atPath: stranger, withIntermediateDirectories: true)
        #expect(Backup.recoverInterruptedRestore(dataDirectory: folder)?.contains("has been removed") == true)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(FileManager.default.fileExists(atPath: stranger), "a folder without the mark is not Hearth's to remove")
    }

    @Test("a verification copy left by a kill during a backup is cleared by the next backup")
    func verifyLeftover() async throws {
        let (folder, _) = try await household()
        let stale = folder + "/backups/.verify-0C4A.sqlite"
        _ = FileManager.default.createFile(atPath: stale, contents: Data(count: 4096))
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        _ = try Backup.make(database, dataDirectory: folder, into: folder + "/backups")
        #expect(!FileManager.default.fileExists(atPath: stale))
    }
}

@Suite("Tar names")
struct TarNameTests {
    @Test("a name over 100 bytes is written whole (ustar's prefix) and read back whole, also by Python's tarfile; one that cannot fit is refused, not cut")
    func longNames() throws {
        let path = NSTemporaryDirectory() + UUID().uuidString + ".tar"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let long = "photos/ab/" + String(repeating: "사진", count: 20) + "/" + String(repeating: "a", count: 64) + ".jpg"
        #expect(long.utf8.count > 100)
        var writer = try TarWriter(creating: path)
        try writer.add(name: long, data: Data("hello".utf8))
        #expect(throws: BackupProblem.self) { try writer.add(name: String(repeating: "x", count: 120), data: Data()) }
        try writer.finish()
        var names: [String] = []
        try TarReader(path: path).forEach { entry in
            names.append(entry.name)
            return nil
        }
        #expect(names == [long])
        let python = try ChildProcess.run("/usr/bin/env", ["python3", "-c", "import sys, tarfile; print(tarfile.open(sys.argv[1]).getnames()[0])", path])
        #expect(String(decoding: python.output, as: UTF8.self).trimmingCharacters(in: .newlines) == long)
    }
}
