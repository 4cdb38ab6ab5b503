import GRDB

extension Migrations {
    static let v31 = Migration("v31 reminders that say which dose, take the answer and tell a second person") { db in
        // A reminder of one dose knows it ("regimen/day/minute"), so its buttons can answer it and
        // a repeat can be dropped once someone marked it; `link` is the page a tap opens, and
        // `delivered_to` the targets that took it (a retry goes only to the others).
        try db.alter(table: "reminder") { t in
            t.add(column: "dose", .text)
            t.add(column: "link", .text)
            t.add(column: "delivered_to", .text).notNull().defaults(to: "")
        }
        // How a dose was marked when not on a page: 'notification' (a reminder's button).
        try db.alter(table: "dose") { t in t.add(column: "via", .text) }
        // Minutes after a dose's time that the other members are told it is still unmarked (0:
        // never), and the address phones reach Hearth at (ntfy's buttons need a whole address).
        try db.alter(table: "household") { t in
            t.add(column: "escalate_minutes", .integer).notNull().defaults(to: 60)
            t.add(column: "web_address", .text)
        }
        // A reminder button's answer: one dose, one member, one answer ('given' or 'later'),
        // good for a day and used once. Only the token's digest is kept.
        try db.execute(
            sql: """
                CREATE TABLE reminder_answer (
                    digest TEXT PRIMARY KEY,
                    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    regimen_id INTEGER NOT NULL REFERENCES regimen(id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    time INTEGER NOT NULL,
                    answer TEXT NOT NULL,
                    due_at DATETIME NOT NULL,
                    expires_at DATETIME NOT NULL,
                    used_at DATETIME
                );
                CREATE INDEX reminder_answer_expiry ON reminder_answer(expires_at);
                """)
    }
}
