import GRDB

/// The most of each thing a member can keep adding, so that no member's pile makes a page, a
/// reminder tick or a backup cost more for everyone (an attack run made 10,000 devices and
/// 6,020 tracker options). Each is far above what a household uses; the form that would go
/// over says so on its field. Records are not bounded: they are the household's log.
public enum Bounds {
    /// Trackers and routines of the household, not counting deleted ones.
    public static let trackers = 100, routines = 200
    /// A member's API tokens in use; revoked ones beyond the newest `revokedTokensKept` go.
    public static let liveTokensPerMember = 20, revokedTokensKept = 20
    /// A member's browsers that take Web Push: 10,000 once made every reminder tick read them
    /// all and delayed everyone else's reminders.
    public static let devicesPerMember = 20

    /// Throws `StoreError.full` when `count` (a `SELECT count(*)`) has reached `most`.
    static func check(_ db: Database, most: Int, _ count: String, _ arguments: StatementArguments = []) throws {
        if try Int.fetchOne(db, sql: count, arguments: arguments) ?? 0 >= most { throw StoreError.full(most: most) }
    }
}
