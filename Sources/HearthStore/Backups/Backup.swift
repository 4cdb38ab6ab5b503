import Crypto
import Foundation
import GRDB
import HearthCore

/// Makes, checks and restores backup archives: `hearth-YYYYMMDD-HHMMSS.tar` holding
/// `hearth.sqlite` (a consistent copy made while the server runs), every photo file the
/// copy refers to, the household's certificate authority (`tls/`, when HTTPS made one), and `manifest.json`.
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
            (try appliedMigrations(db), try rowCounts(db), try String.fetchAll(db.cachedStatement(sql: "SELECT sha256 FROM photo ORDER BY sha256")))
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
        // The household's certificate authority, when HTTPS made one: a restored Hearth keeps the
        // phones' trust. (Its server certificate is made again at start; exports never hold either.)
        for path in BackupManifest.householdAuthorityFiles {
            let full = (dataDirectory as NSString).appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: full) else { continue }
            let copied = try writer.add(name: path, file: full)
            files.append(.init(path: path, sha256: copied.sha256, bytes: copied.bytes))
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
        return try read(archive: archive) { path in
            path == BackupManifest.databaseName ? copy : nil
        } checkDatabase: { manifest in
            try checkDatabase(at: copy, against: manifest)
        }
    }

    /// Restores `archive` into `dataDirectory`: refuses while a server holds the folder, an
    /// archive from a newer schema, and any archive that does not match its manifest.
    /// Everything is written into a new folder beside it first (`DATA.restoring-STAMP`), marked
    /// complete, and only then swapped in; the old folder is kept aside (its name returned).
    /// `crashPoint` is called after each step of the swap: tests stop there, as `kill -9` would.
    public static func restore(
        archive: String, dataDirectory: String, now: Date = Date(), crashPoint: (Int) throws -> Void = { _ in }
    ) throws -> (manifest: BackupManifest, previous: String?) {
        guard FileManager.default.fileExists(atPath: archive) else { throw BackupProblem.notFound(archive) }
        let target = (dataDirectory as NSString).standardizingPath
        let lock = try ServerLock.ifFolderExists(target)
        if let lock, !lock.acquire() { throw BackupProblem.serverRunning }
        defer { lock?.release() }
        _ = recoverInterruptedRestore(dataDirectory: target)

        let stamp = String(archiveName(at: now).dropFirst(7).dropLast(4))
        let fresh = "\(target).restoring-\(stamp)"
        try? FileManager.default.removeItem(atPath: fresh)
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Ours: a later start may remove this folder if it is never completed.
        // Unwritten, the folder is only never removed: the safe side.
        _ = FileManager.default.createFile(atPath: (fresh as NSString).appendingPathComponent(Self.restoringMark), contents: nil)
        let manifest: BackupManifest
        do {
            manifest = try read(archive: archive) { path in
                let destination = (fresh as NSString).appendingPathComponent(path)
                try? FileManager.default.createDirectory(
                    atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                return destination
            } checkDatabase: { manifest in
                try checkDatabase(at: (fresh as NSString).appendingPathComponent(BackupManifest.databaseName), against: manifest)
            }
            try writeSynchronously((fresh as NSString).appendingPathComponent(Self.completeMark))
        } catch {
            try? FileManager.default.removeItem(atPath: fresh)
            throw error
        }
        try crashPoint(0)
        return (manifest, try swap(fresh, into: target, stamp: stamp, crashPoint: crashPoint))
    }

    /// In a restoring folder: made when it was begun, and when everything in it was checked.
    static let restoringMark = ".hearth-restoring"
    static let completeMark = ".hearth-restore-complete"

    /// Puts a complete restoring folder in place. Each step is one rename, and each is
    /// skipped when it is already done, so the swap can be run again from any point.
    private static func swap(_ fresh: String, into target: String, stamp: String, crashPoint: (Int) throws -> Void) throws -> String? {
        let files = FileManager.default
        // The old folder's own backups stay with the household, in the restored folder.
        let backups = (target as NSString).appendingPathComponent(folderName)
        let moved = (fresh as NSString).appendingPathComponent(folderName)
        if files.fileExists(atPath: backups), !files.fileExists(atPath: moved) {
            guard rename(backups, moved) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: backups]) }
        }
        // A backup from before HTTPS holds no certificate authority: the one the phones trust now stays.
        let authority = (target as NSString).appendingPathComponent("tls"), restoredAuthority = (fresh as NSString).appendingPathComponent("tls")
        if files.fileExists(atPath: authority), !files.fileExists(atPath: restoredAuthority) {
            guard rename(authority, restoredAuthority) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: authority]) }
        }
        try crashPoint(1)
        let aside = "\(target).before-restore-\(stamp)"
        if files.fileExists(atPath: target) {
            guard rename(target, aside) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
        }
        try crashPoint(2)
        guard rename(fresh, target) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target]) }
        try crashPoint(3)
        for mark in [restoringMark, completeMark] { try? files.removeItem(atPath: (target as NSString).appendingPathComponent(mark)) }
        return files.fileExists(atPath: aside) ? aside : nil
    }

    /// At a start (of the server or of a restore): a restore that was stopped part way is
    /// finished if its folder was complete, and its folder removed if not; the marks are
    /// cleared. Returns what was done, to be said, or nil.
    public static func recoverInterruptedRestore(dataDirectory: String) -> String? {
        let target = (dataDirectory as NSString).standardizingPath
        let parent = (target as NSString).deletingLastPathComponent, base = (target as NSString).lastPathComponent
        let files = FileManager.default
        var said: [String] = []
        for name in ((try? files.contentsOfDirectory(atPath: parent)) ?? []).sorted() where name.hasPrefix("\(base).restoring-") {
            let folder = (parent as NSString).appendingPathComponent(name)
            let stamp = String(name.dropFirst("\(base).restoring-".count))
            if files.fileExists(atPath: (folder as NSString).appendingPathComponent(completeMark)) {
                if (try? swap(folder, into: target, stamp: stamp, crashPoint: { _ in })) != nil || files.fileExists(atPath: target) {
                    said.append(
                        "A restore that was stopped part way (\(stamp)) has been finished; the folder it replaced is \(target).before-restore-\(stamp).")
                }
            } else if files.fileExists(atPath: (folder as NSString).appendingPathComponent(restoringMark)) {
                try? files.removeItem(atPath: folder)
                said.append("The unfinished folder of a restore that was stopped (\(name)) has been removed; the data folder was not touched.")
            }
        }
        for mark in [restoringMark, completeMark] { try? files.removeItem(atPath: (target as NSString).appendingPathComponent(mark)) }
        return said.isEmpty ? nil : said.joined(separator: "\n")
    }

    /// A small file, forced to the disk.
    private static func writeSynchronously(_ path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data("complete\n".utf8)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.synchronize()
        try handle.close()
    }

    /// Reads the manifest first (found by walking the headers), checks it, then streams the
    /// archive once: a member the manifest does not list, of another size, or that is not a
    /// regular file is refused before a byte of it is written; each allowed file is hashed,
    /// and written to the path `destination` gives (nil: only hashed).
    private static func read(archive: String, destination: (String) throws -> String?, checkDatabase: (BackupManifest) throws -> Void) throws -> BackupManifest
    {
        guard FileManager.default.fileExists(atPath: archive) else { throw BackupProblem.notFound(archive) }
        let reader = try TarReader(path: archive)
        defer { reader.close() }
        let manifest = try BackupManifest.decode(try reader.manifest())
        try checkSchema(manifest)
        let listed = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        try reader.rewind()
        var digests: [String: String] = [:]
        try reader.forEach { entry in
            let name = entry.name
            if entry.isFolder { return nil }
            guard entry.isRegularFile else { throw BackupProblem.mismatch("\(name) is a link or a device, which a Hearth backup never holds") }
            if name == BackupManifest.entryName { return nil }
            guard BackupManifest.isAllowedPath(name) else { throw BackupProblem.mismatch("it holds \(name), which a Hearth backup never does") }
            guard let file = listed[name] else { throw BackupProblem.mismatch("\(name) is not in the manifest") }
            guard file.bytes == entry.size else { throw BackupProblem.mismatch("\(name) is \(entry.size) bytes, the manifest says \(file.bytes)") }
            guard digests[name] == nil else { throw BackupProblem.mismatch("\(name) is in it twice") }
            var hasher = SHA256()
            let output: FileHandle?
            if let path = try destination(name) {
                _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])  // opened just below, or throws there
                output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            } else {
                output = nil
            }
            // A zero-length file never reaches a chunk.
            digests[name] = SHA256.hex(digest: SHA256.hash(data: Data()))
            if entry.size == 0 { try output?.close() }
            var left = entry.size
            return { data in
                hasher.update(data: data)
                try output?.write(contentsOf: data)
                left -= data.count
                if left == 0 {
                    digests[name] = SHA256.hex(digest: hasher.finalize())
                    try output?.synchronize()
                    try output?.close()
                }
            }
        }
        for file in manifest.files {
            guard let sha = digests[file.path] else { throw BackupProblem.mismatch("\(file.path) is missing") }
            guard sha == file.sha256 else { throw BackupProblem.mismatch("\(file.path) is not the file that was backed up") }
        }
        try checkDatabase(manifest)
        return manifest
    }

    static func manifestOnly(_ archive: String) throws -> BackupManifest {
        let reader = try TarReader(path: archive)
        defer { reader.close() }
        return try BackupManifest.decode(try reader.manifest())
    }

    /// A backup from a newer Hearth, or from a history that is not this one's, is refused; so
    /// is one that says it holds no schema at all.
    static func checkSchema(_ manifest: BackupManifest) throws {
        let known = Migrations.all.map(\.name)
        guard !manifest.migrations.isEmpty else { throw BackupProblem.foreignSchema("schema 0: it holds no Hearth database") }
        guard manifest.schemaVersion <= known.count else { throw BackupProblem.newerSchema(archive: manifest.schemaVersion, known: known.count) }
        for (index, name) in manifest.migrations.enumerated() where known[index] != name {
            throw BackupProblem.foreignSchema(name)
        }
    }

    /// The tables, indexes, triggers and views a database holds, by type and name, with
    /// their SQL in one spacing. SQLite's own (`sqlite_…`) are left out, and so are the history's
    /// triggers: Hearth drops every `history_` trigger and makes them afresh each time it opens
    /// the file (`HistoryTriggers.install`), so none in a backup ever runs.
    static func schemaObjects(_ db: Database) throws -> [String: String] {
        var objects: [String: String] = [:]
        let sql =
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND NOT (type = 'trigger' AND name LIKE 'history\\_%' ESCAPE '\\')"
        for row in try Row.fetchAll(db.cachedStatement(sql: sql)) {
            let sql = (row["sql"] as String?)?.split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
            objects["\(row["type"] as String) \(row["name"] as String)"] = sql
        }
        return objects
    }

    /// What the migrations up to `last` make, exactly: a restored database must hold this and
    /// nothing else (a trigger slipped into a backup would run inside the server).
    static func expectedSchema(upTo last: String) throws -> [String: String] {
        let queue = try DatabaseQueue()
        try Migrations.migrator.migrate(queue, upTo: last)
        return try queue.read(schemaObjects)
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
            guard result == ["ok"] else {
                throw BackupProblem.damaged("its database fails SQLite's integrity check (\(result.prefix(3).joined(separator: "; ")))")
            }
            guard try appliedMigrations(db) == manifest.migrations else { throw BackupProblem.mismatch("its database's schema is not the manifest's") }
            let expected = try expectedSchema(upTo: manifest.migrations.last!)
            let found = try schemaObjects(db)
            if let extra = found.keys.sorted().first(where: { expected[$0] == nil }) {
                throw BackupProblem.mismatch("its database holds the \(extra), which Hearth never makes")
            }
            if let missing = expected.keys.sorted().first(where: { found[$0] == nil }) {
                throw BackupProblem.mismatch("its database lacks the \(missing)")
            }
            if let changed = expected.keys.sorted().first(where: { found[$0] != expected[$0] }) {
                throw BackupProblem.mismatch("its database's \(changed) is not the one Hearth makes")
            }
            let counts = try rowCounts(db)
            guard counts == manifest.tables else {
                let differing = Set(counts.keys).union(manifest.tables.keys).sorted().first { counts[$0] != manifest.tables[$0] } ?? "?"
                throw BackupProblem.mismatch("table \(differing) has \(counts[differing] ?? 0) rows, the manifest says \(manifest.tables[differing] ?? 0)")
            }
        }
    }

    static func appliedMigrations(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        let applied = Set(try String.fetchAll(db.cachedStatement(sql: "SELECT identifier FROM grdb_migrations")))
        let known = Migrations.all.map(\.name)
        // In the order Hearth applies them; any name Hearth does not know goes last.
        return known.filter(applied.contains) + applied.subtracting(known).sorted()
    }

    static func rowCounts(_ db: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in try String.fetchAll(
            db.cachedStatement(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"))
        {
            counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
        }
        return counts
    }

    /// Partial files a crash left behind in the backups folder.
    public static func removeLeftovers(in folder: String) {
        // `.verify-…sqlite`: the copy a verification reads, left by a `kill -9` during a backup.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where (name.hasPrefix(".hearth-") && name.hasSuffix(".partial")) || (name.hasPrefix(".verify-") && name.hasSuffix(".sqlite")) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    private static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }
}
