import GRDB

extension Migrations {
    static let v32 = Migration("v32 flags marked seen") { db in
        // Flags are worked out from the records and never stored; who marked one seen is. `key`
        // is the rule (and a medicine's regimen), `level` how far it had gone, `day` the day it
        // was marked: it stays out of sight while it holds at that level or below.
        try db.execute(
            sql: """
                CREATE TABLE flag_seen (
                    subject_id INTEGER NOT NULL REFERENCES subject(id) ON DELETE CASCADE,
                    key TEXT NOT NULL,
                    level INTEGER NOT NULL,
                    day TEXT NOT NULL,
                    account_id INTEGER REFERENCES account(id) ON DELETE SET NULL,
                    seen_at DATETIME NOT NULL,
                    PRIMARY KEY (subject_id, key)
                ) WITHOUT ROWID
                """)
    }
}
