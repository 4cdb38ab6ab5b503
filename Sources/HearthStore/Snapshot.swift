import GRDB

/// One read of the household for a page that several areas fill (home, the calendar, a
/// report): each area's part reads from it in turn, so the page shows one moment, as one
/// query would, and the web layer never holds a database connection of its own. It carries
/// the generation taken before the read began, so what a part keeps (`KeptReads`) is never
/// older than the generation it is kept under.
public struct Snapshot {
    let db: Database
    let generation: UInt64
    let database: AppDatabase

    /// Reads with the snapshot's connection: for a part of a page whose reads are not in this
    /// module (the test-only area of `SharedPagesAskTests`). The page is already inside a
    /// read, so a part that opened its own read instead would stop the process.
    public func read<T>(_ body: (Database) throws -> T) rethrows -> T { try body(db) }

    var regimens: (KeptReads<String, [Regimen]>, generation: UInt64) { (database.regimenCache, generation) }
}

extension AppDatabase {
    public func snapshot<T>(_ body: (Snapshot) throws -> T) throws -> T {
        let generation = generation
        return try read { db in try body(Snapshot(db: db, generation: generation, database: self)) }
    }
}
