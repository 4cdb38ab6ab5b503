import GRDB

extension Migrations {
    static let v36 = Migration("v36 what each phone said") { db in
        // What each target of a reminder said (took it, asked for a pause, did not answer, gone),
        // for the owner's "last sent" in the reader's words: one problem in English for the
        // whole reminder said "HTTP 429 from a push service" though the phone, ntfy and the
        // webhook took it.
        try db.alter(table: "reminder") { t in t.add(column: "said", .text) }
        // A browser's last message taken, and since when its push service has not answered:
        // `/me` says "not answering since 08:00" rather than nothing.
        try db.alter(table: "push_device") { t in
            t.add(column: "delivered_at", .datetime)
            t.add(column: "failing_since", .datetime)
        }
    }
}
