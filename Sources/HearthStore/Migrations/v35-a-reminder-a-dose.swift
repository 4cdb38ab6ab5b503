import GRDB

extension Migrations {
    static let v35 = Migration("v35 a reminder a dose") { db in
        // A member's reminders were one a time and round, so two doses due at 08:00 went out as one
        // message nobody could answer from the notification. `part` is the dose a reminder is of
        // (`DoseKey.text`), '' for the rest of its time (routines, appointments). Rows already there
        // keep theirs: a one-dose reminder its dose, a several-doses one ''.
        try db.execute(
            sql: """
                CREATE TABLE reminder_new (
                    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    due_at DATETIME NOT NULL,
                    round INTEGER NOT NULL,
                    part TEXT NOT NULL DEFAULT '',
                    message TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at DATETIME,
                    delivered_at DATETIME,
                    last_error TEXT,
                    created_at DATETIME NOT NULL,
                    dose TEXT,
                    link TEXT,
                    delivered_to TEXT NOT NULL DEFAULT '',
                    PRIMARY KEY (account_id, due_at, round, part)
                );
                INSERT INTO reminder_new (account_id, due_at, round, part, message, attempts, next_attempt_at, delivered_at, last_error, created_at, dose, link, delivered_to)
                SELECT account_id, due_at, round, coalesce(dose, ''), message, attempts, next_attempt_at, delivered_at, last_error, created_at, dose, link, delivered_to
                FROM reminder;
                DROP TABLE reminder;
                ALTER TABLE reminder_new RENAME TO reminder;
                """)
    }
}
