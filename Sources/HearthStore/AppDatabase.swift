import CHearthSQLite
import Foundation
import GRDB
import HearthCore
import Synchronization

/// The household's database: one SQLite file in WAL mode under the data folder,
/// opened once per process. Repositories are thin views over it. Tests of the repositories
/// may run it in memory instead (`inMemory()`), as GRDB's demo `AppDatabase` does.
public final class AppDatabase: Sendable {
    private let writer: any DatabaseWriter
    private let closed = Mutex(false)
    private let writes = Atomic<UInt64>(0)
    /// The regimens as last read, for as long as nothing has been written since. Every page
    /// with doses reads every regimen a member may see, with their spans and items, and they
    /// change rarely: reading them was a tenth of the home page's time with 50 regimens.
    let regimenCache = KeptReads<String, [Regimen]>()
    /// A span of days' doses for the whole household, worked out from the schedules and the log.
    let doseCache = KeptReads<String, [RegimenDoses]>()
    /// A subject's raised flags and the rules short of records, for its last change, a day and ten minutes of the clock.
    let flagCache = KeptReads<String, (raised: [HealthFlag], needsMore: [HealthFlag.Rule])>(capacity: 256)
    /// The household's routines with their marks, by the day they were read for.
    let routineCache = KeptReads<String, [Routine]>()
    /// The subjects a member may see, by their access: several cards of one page ask.
    let subjectCache = KeptReads<String, [SubjectSummary]>()
    /// Every tracker's definition, decoded: every pet and person page reads them all.
    let trackerCache = KeptReads<String, [Tracker]>(capacity: 1)
    /// The household's due list (vaccines, preventives, follow-ups) of a day.
    let dueCache = KeptReads<LocalDate, [CareDue]>()
    /// Calendar marks of a span, for one access and filter, at one moment of the clock.
    let marksCache = KeptReads<String, [LocalDate: DayMarks]>()
    /// When the clock last changed a page (see `ClockChanges`).
    let clockChanges = ClockChanges()

    /// A connection of its own that only asks SQLite whether anyone has committed (nil in memory).
    private let watcher: DatabaseQueue?

    /// How many writes this process has made.
    private var writeCount: UInt64 { writes.load(ordering: .acquiring) }

    /// Moves whenever what the database holds may have changed: every commit, this process's
    /// or another's (the `hearth` command writing to the same file), seen through SQLite's
    /// `PRAGMA data_version` on a connection that never writes. What is remembered from a read
    /// (a session, the regimens, a page's `ETag`) stays true only while this has not moved;
    /// take it before the read begins, so what is kept is never older than its generation.
    public var generation: UInt64 {
        guard let watcher else { return writeCount }
        // A read transaction of a few microseconds: it checks the WAL's header for new commits.
        let version = (try? watcher.inDatabase { db in try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) }) ?? 0
        return UInt64(max(version, 0))
    }

    /// Opens (or creates) `<dataDirectory>/hearth.sqlite` and brings its schema up to date.
    /// The folder is created 0700 and the file 0600: the household's records are nobody else's.
    public static func open(dataDirectory: String) throws -> AppDatabase {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if !fileManager.fileExists(atPath: dataDirectory, isDirectory: &isDirectory) {
            try fileManager.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try fileManager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: dataDirectory)
        let path = (dataDirectory as NSString).appendingPathComponent("hearth.sqlite")
        // Create the file ourselves with 0600 before SQLite does with the umask's mode;
        // SQLite gives the -wal and -shm files the database file's permissions.
        if !fileManager.fileExists(atPath: path) {
            guard fileManager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        try fileManager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return try AppDatabase(path: path)
    }

    /// Made once, before the process's first connection; see hearth_sqlite.c.
    private static let sqliteConfigured: Int32 = hearth_sqlite_configure()

    convenience init(path: String) throws {
        _ = Self.sqliteConfigured
        var watching = Configuration()
        watching.readonly = true
        try self.init(DatabasePool(path: path, configuration: Self.configuration), watcher: DatabaseQueue(path: path, configuration: watching))
    }

    /// A private database in memory with the full schema: for tests of the repositories.
    public static func inMemory() throws -> AppDatabase {
        _ = Self.sqliteConfigured
        return try AppDatabase(DatabaseQueue(configuration: configuration))
    }

    /// Brings `writer`'s schema up to date; the server's is a `DatabasePool` on the file.
    public init(_ writer: any DatabaseWriter, watcher: DatabaseQueue? = nil) throws {
        self.writer = writer
        self.watcher = watcher
        try Migrations.migrator.migrate(writer)
        try writer.write { db in try HistoryTriggers.install(db) }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Two people saving at once wait for each other instead of failing.
        configuration.busyMode = .timeout(5)
        return configuration
    }

    /// Reads on the calling thread. A page's reads take well under a millisecond from WAL
    /// snapshots, less than handing them to another thread and back costs; and because no
    /// read ever waits across a suspension, the reader connections are never all held by
    /// tasks that cannot resume (the deadlock that mixing blocking and async reads invites).
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        try writer.read(value)
    }

    /// Writes queue for SQLite's single writer without blocking the caller's thread.
    public func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws -> T {
        // Counted once the write has ended, committed or not: a reader that saw the count
        // before it cannot mistake what it read for what is there now.
        defer { writes.add(1, ordering: .releasing) }
        let author = ChangeAuthor.current
        return try await writer.write { db in
            try WriteAuthor.begin(author, db)
            let value = try updates(db)
            try WriteAuthor.end(db)
            // Records written in this transaction reach the search index before it commits.
            try SearchIndex.catchUp(db)
            return value
        }
    }

    /// Writes a list of any size as its file is read, on a thread of its own: the rows `produce`
    /// hands over are gathered `batch` at a time and each batch is one short transaction
    /// (`write`), so a member's +1 cup waits for one batch, never the whole list, and memory
    /// holds one batch, never the file. A list cut short keeps the batches written before.
    /// Returns how many rows were written.
    func writeInBatches<Item>(
        of batch: Int = 1_000, _ produce: @escaping @Sendable (_ add: (Item) throws -> Void) throws -> Void,
        write: @escaping @Sendable (Database, [Item]) throws -> Void
    ) async throws -> Int {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Int, any Error>) in
            // Not a task of the cooperative pool: this thread waits for the writer between batches.
            DispatchQueue.global(qos: .utility).async {
                done.resume(
                    with: Result {
                        var pending: [Item] = []
                        var written = 0
                        let flush = {
                            defer { self.writes.add(1, ordering: .releasing) }
                            try self.writer.write { db in
                                try WriteAuthor.begin(nil, quiet: true, db)
                                try write(db, pending)
                                try WriteAuthor.end(db)
                                try SearchIndex.catchUp(db)
                            }
                            written += pending.count
                            pending.removeAll(keepingCapacity: true)
                        }
                        try produce { item in
                            pending.append(item)
                            if pending.count >= batch { try flush() }
                        }
                        if !pending.isEmpty { try flush() }
                        return written
                    })
            }
        }
    }

    /// Indexes for search whatever is queued: after an upgrade, the records there were before
    /// the index. The server does it as it starts, so no member's first save waits for it.
    public func catchUpSearch() async throws {
        let queued = try read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM search_pending)")) ?? 0 }
        if queued == 1 { try await write { _ in } }
    }

    /// A consistent copy of the whole database in a new file at `path`, made with SQLite's
    /// online backup while others keep reading and writing (one step: one snapshot).
    public func copy(to path: String) throws {
        let copy = try DatabaseQueue(path: path)
        try writer.backup(to: copy)
        // A single file that opens read-only anywhere, with no -wal or -shm beside it.
        try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try copy.close()
    }

    /// Answers whether the database is reachable and readable (for `/healthz`).
    public func check() async throws {
        _ = try read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT 1")) }
    }

    /// Checkpoints the WAL and closes the file: the last thing a stopping server does.
    /// Safe to call more than once: the server's shutdown and a test's cleanup may both do it.
    public func close() throws {
        let alreadyClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !alreadyClosed else { return }
        try watcher?.close()
        try writer.writeWithoutTransaction { db in
            // Keeps the query planner's statistics fresh, as SQLite advises before closing.
            try db.execute(sql: "PRAGMA optimize")
            if writer is DatabasePool { try db.checkpoint(.truncate) }
        }
        try writer.close()
    }
}
