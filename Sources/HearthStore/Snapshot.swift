import GRDB

/// One read of the household for a page that several areas fill (home, a report): each area's
/// part reads from it in turn, so the page shows one moment, as one query would, and the web
/// layer never holds a database connection of its own.
public struct Snapshot {
    let db: Database
    /// The regimens as cached for the writes counted before this read began.
    let regimens: (RegimenCache, generation: UInt64)
}

extension AppDatabase {
    public func snapshot<T>(_ body: (Snapshot) throws -> T) throws -> T {
        let regimens = (regimenCache, generation)
        return try read { db in try body(Snapshot(db: db, regimens: regimens)) }
    }
}
