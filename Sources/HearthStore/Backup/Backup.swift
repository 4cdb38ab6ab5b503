import Crypto
import Foundation
import GRDB
import HearthCore

/// Makes, checks and restores backup archives: `hearth-YYYYMMDD-HHMMSS.tar` holding
/// `hearth.sqlite` (a consistent copy made while the server runs), every photo file the
/// copy refers to, and `manifest.json`.
public enum Backup {
    public static let folderName = "backups"

    /// The archive's name for a moment, in UTC so names sort as time does.
    public static func archiveName(at date: Date) -> String {
        "hearth-\(stampFormatter().string(from: date)).tar"
    }

    /// When an archive was made, read back from its name; nil for any other file.
    public static func date(ofArchive name: String) -> Date? {
        guard name.hasPrefix("hearth-"), name.hasSuffix(".tar"), name.count == "hearth-20260101-030000.tar".count else { return nil }
        return stampFormatter().date(from: String(name.dropFirst(7).dropLast(4)))
    }

    /// `yyyyMMdd-HHmmss` in UTC, the stamp in an archive's name.
    private static func stampFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }

    public struct Made: Sendable {
        public let path: String
        public let manifest: BackupManifest
        public var bytes: Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
    }

    /// Writes a new archive into `folder`. Everything goes to a hidden `.partial` name first,
    /// is read back and checked, and only then is renamed to its final name: a crash or a
    /// `kill -9` at any moment leaves no half-written archive under a real name.
    public static func make(_ database: AppDatabase, dataDirectory: String, into folder: String, now: Date = Date()) throws -> Made {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        removeLeftovers(in: folder)
        let name = archiveName(at: now)
        let partial = (folder as NSString).appendingPathComponent(".\(name).partial")
        let snapshot = (folder as NSString).appendingPathComponent(".\(name).sqlite.partial")
        defer {
            try? FileManager.default.removeItem(atPath: snapshot)
            try? FileManager.default.removeItem(atPath: partial)
        }
        try database.copy(to: snapshot)
        let (migrations, tables, digests) = try DatabaseQueue(path: snapshot, configuration: readOnly).read { db in
            (try appliedMigrations(db), try rowCounts(db), try String.fetchAll(db, sql: "SELECT sha256 FROM photo ORDER BY sha256"))
        }
        var writer = try TarWriter(creating: partial)
        var files: [BackupManifest.File] = []
        let database = try writer.add(name: BackupManifest.databaseName, file: snapshot)
        files.append(.init(path: BackupManifest.databaseName, sha256: database.sha256, bytes: database.bytes))
        let photos = (dataDirectory as NSString).appendingPathComponent("photos")
        for sha in digests {
            let subfolder = "photos/\(sha.prefix(2))"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: (photos as NSString).appendingPathComponent(String(sha.prefix(2))))) ?? [])
                .filter { $0.hasPrefix(sha) }.sorted()
            for fileName in names {
                let path = "\(subfolder)/\(fileName)"
                let copied = try writer.add(name: path, file: (dataDirectory as NSString).appendingPathComponent(path))
                files.append(.init(path: path, sha256: copied.sha256, bytes: copied.bytes))
            }
        }
        let manifest = BackupManifest(createdAt: now, migrations: migrations, tables: tables, files: files)
        try writer.add(name: BackupManifest.entryName, data: manifest.encoded())
        try writer.finish()
        _ = try verify(archive: partial, scratch: folder)
        let final = (folder as NSString).appendingPathComponent(name)
        guard rename(partial, final) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: final]) }
        return Made(path: final, manifest: manifest)
    }

    /// Reads the whole archive back: every file's SHA-256 and size against the manifest, no
    /// file the manifest does not name, and the database opened, integrity-checked and its
    /// rows counted. Returns the manifest when all agree.
    @discardableResult
    public static func verify(archive: String, scratch: String) throws -> BackupManifest {
        let copy = (scratch as NSString).appendingPathComponent(".verify-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        return try read(archive: archive) { path in path == BackupManifest.databaseName ? copy : nil } checkDatabase: { manifest in
            try checkDatabase(at: copy, against: manifest)
        }
    }

    /// Restores `archive` into `dataDirectory`: refuses while a server holds the folder, an
    /// archive from a newer schema, and any archive that does not match its manifest.
    /// Everything is written into a new folder beside it first; only when that is complete
    /// is the old folder renamed aside (kept, its name returned) and the new one put in place.
    public static func restore(archive: String, dataDirectory: String, now: Date = Date()) throws -> (manifest: BackupManifest, previous: String?) {
        guard FileManager.default.fileExists(atPath: archive) else { throw BackupProblem.notFound(archive) }
        let target = (dataDirectory as NSString).standardizingPath
        let lock = try ServerLock.ifFolderExists(target)
        if let lock, !lock.acquire() { throw BackupProblem.serverRunning }
        defer { lock?.release() }

        let stamp = archiveName(at: now).dropFirst(7).dropLast(4)
        let fresh = "\(target).restoring-\(stamp)"
        try? FileManager.default.removeItem(atPath: fresh)
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let manifest: BackupManifest
        do {
            manifest = try read(archive: archive) { path in
                let destination = (fresh as NSString).appendingPathComponent(path)
                try? FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                return destination
            } checkDatabase: { manifest in
                try checkDatabase(at: (fresh as NSString).appendingPathComponent(BackupManifest.databaseName), against: manifest)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: fresh)
            throw error
        }
        var previous: String?
        if FileManager.default.fileExists(atPath: target) {
            // The old folder's own backups stay with the household, in the restored folder.
            let backups = (target as NSString).appendingPathComponent(folderName)
            if FileManager.default.fileExists(atPath: backups) {
                _ = rename(backups, (fresh as NSString).appendingPathComponent(folderName))
            }
            let aside = "\(target).before-restore-\(stamp)"
            guard rename(target, aside) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
            previous = aside
        }
        guard rename(fresh, target) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
        return (manifest, previous)
    }

    /// Streams the archive once: each allowed file is hashed, and written to the path
    /// `destination` gives (nil: only hashed). The manifest, last, is then compared.
    private static func read(archive: String, destination: (String) throws -> String?, checkDatabase: (BackupManifest) throws -> Void) throws -> BackupManifest {
        guard FileManager.default.fileExists(atPath: archive) else { throw BackupProblem.notFound(archive) }
        let reader = try TarReader(path: archive)
        defer { reader.close() }
        var seen: [String: BackupManifest.File] = [:]
        var manifestData: Data?
        try reader.forEach { name, size in
            if name == BackupManifest.entryName {
                guard size < 64 << 20 else { throw BackupProblem.badManifest("its manifest is too large") }
                manifestData = Data()
                return { manifestData?.append($0) }
            }
            guard BackupManifest.isAllowedPath(name) else { throw BackupProblem.mismatch("it holds \(name), which a Hearth backup never does") }
            guard seen[name] == nil else { throw BackupProblem.mismatch("\(name) is in it twice") }
            seen[name] = .init(path: name, sha256: "", bytes: size)
            var hasher = SHA256()
            let output: FileHandle?
            if let path = try destination(name) {
                FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
                output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            } else {
                output = nil
            }
            var left = size
            return { data in
                hasher.update(data: data)
                try output?.write(contentsOf: data)
                left -= data.count
                if left == 0 {
                    seen[name]?.sha256 = SHA256.hex(digest: hasher.finalize())
                    try output?.synchronize()
                    try output?.close()
                }
            }
        }
        guard let manifestData else { throw BackupProblem.badManifest("it has no manifest.json") }
        let manifest = try BackupManifest.decode(manifestData)
        try checkSchema(manifest)
        for file in manifest.files {
            guard let found = seen.removeValue(forKey: file.path) else { throw BackupProblem.mismatch("\(file.path) is missing") }
            // A zero-length file never reached its closing chunk.
            let sha = found.bytes == 0 ? SHA256.hex(digest: SHA256.hash(data: Data())) : found.sha256
            guard found.bytes == file.bytes, sha == file.sha256 else { throw BackupProblem.mismatch("\(file.path) is not the file that was backed up") }
        }
        if let extra = seen.keys.sorted().first { throw BackupProblem.mismatch("\(extra) is not in the manifest") }
        try checkDatabase(manifest)
        return manifest
    }

    static func manifestOnly(_ archive: String) throws -> BackupManifest {
        let reader = try TarReader(path: archive)
        defer { reader.close() }
        var data = Data()
        try reader.forEach { name, _ in name == BackupManifest.entryName ? { data.append($0) } : { _ in } }
        return try BackupManifest.decode(data)
    }

    /// A backup from a newer Hearth, or from a history that is not this one's, is refused.
    static func checkSchema(_ manifest: BackupManifest) throws {
        let known = Migrations.all.map(\.name)
        guard manifest.schemaVersion <= known.count else { throw BackupProblem.newerSchema(archive: manifest.schemaVersion, known: known.count) }
        for (index, name) in manifest.migrations.enumerated() where known[index] != name {
            throw BackupProblem.foreignSchema(name)
        }
    }

    private static func checkDatabase(at path: String, against manifest: BackupManifest) throws {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: readOnly)
        } catch {
            throw BackupProblem.damaged("its database does not open")
        }
        defer { try? queue.close() }
        try queue.read { db in
            let result = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard result == ["ok"] else { throw BackupProblem.damaged("its database fails SQLite's integrity check (\(result.prefix(3).joined(separator: "; ")))") }
            guard try appliedMigrations(db) == manifest.migrations else { throw BackupProblem.mismatch("its database's schema is not the manifest's") }
            let counts = try rowCounts(db)
            guard counts == manifest.tables else {
                let differing = Set(counts.keys).union(manifest.tables.keys).sorted().first { counts[$0] != manifest.tables[$0] } ?? "?"
                throw BackupProblem.mismatch("table \(differing) has \(counts[differing] ?? 0) rows, the manifest says \(manifest.tables[differing] ?? 0)")
            }
        }
    }

    static func appliedMigrations(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        let known = Migrations.all.map(\.name)
        // In the order Hearth applies them; any name Hearth does not know goes last.
        return known.filter(applied.contains) + applied.subtracting(known).sorted()
    }

    static func rowCounts(_ db: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
            counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
        }
        return counts
    }

    /// Partial files a crash left behind in the backups folder.
    public static func removeLeftovers(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(".hearth-") && name.hasSuffix(".partial") {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    private static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }
}
