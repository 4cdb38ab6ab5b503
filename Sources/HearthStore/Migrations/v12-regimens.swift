import GRDB

extension Migrations {
    static let v12 = Migration("v12 regimens, the dose log, calendar feeds and reminders") { db in
        // A named group of items given together to one subject ("Mochi's heart pills").
        try db.create(table: "regimen") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("subject_id", .integer).notNull().references("subject", onDelete: .cascade)
            t.column("name", .text).notNull()
            t.column("purpose", .text)
            // Reminders to phones for this regimen (the member's own switch is on the account).
            t.column("remind", .boolean).notNull().defaults(to: true)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
            // Deleted regimens keep their past: their schedules end, their doses stay.
            t.column("deleted_at", .datetime)
        }
        try db.execute(sql: "CREATE UNIQUE INDEX regimen_name_per_subject ON regimen(subject_id, name COLLATE NOCASE) WHERE deleted_at IS NULL")
        // The schedule, one row per span of days it held: "from now on" ends one span and starts
        // the next, so earlier days keep what was due then. Spans of one regimen never overlap.
        try db.create(table: "regimen_schedule") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("regimen_id", .integer).notNull().references("regimen", onDelete: .cascade)
            t.column("repeat", .text).notNull().check(sql: "repeat IN ('daily', 'weekdays', 'days', 'weeks', 'months', 'as_needed')")
            t.column("every", .integer)
            t.column("weekdays", .text)
            t.column("times", .text).notNull()
            t.column("minimum_minutes", .integer)
            t.column("start_date", .text).notNull()
            // The rule's own end (a date, or a number of days, kept as the member wrote it).
            t.column("end_date", .text)
            t.column("end_days", .integer)
            // Where this span begins, when after the rule's own start (a change "from now on":
            // the rule keeps counting from its start, so every 3 days stays in step).
            t.column("from_date", .text)
            // Where this span stops because a later one took over, or the regimen was ended.
            t.column("until_date", .text)
        }
        try db.create(index: "regimen_schedule_by_regimen", on: "regimen_schedule", columns: ["regimen_id"])
        // What is given: a catalogue item or a typed name, with its dose. Removing an item dates it.
        try db.create(table: "regimen_item") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("regimen_id", .integer).notNull().references("regimen", onDelete: .cascade)
            t.column("medicine_id", .integer).references("medicine", onDelete: .setNull)
            t.column("name", .text).notNull()
            t.column("amount", .double).notNull()
            t.column("unit", .text).notNull()
            t.column("mg_per_kg", .double)
            t.column("position", .integer).notNull()
            // Supply: how many units were in hand when counted, and when.
            t.column("in_hand", .double)
            t.column("counted_at", .datetime)
            t.column("refill_days", .integer)
            t.column("added_on", .text).notNull()
            t.column("removed_on", .text)
        }
        try db.create(index: "regimen_item_by_regimen", on: "regimen_item", columns: ["regimen_id", "position"])
        // One day's change to one dose: skipped ahead of time, or moved to another time.
        try db.create(table: "dose_change") { t in
            t.column("regimen_id", .integer).notNull().references("regimen", onDelete: .cascade)
            t.column("day", .text).notNull()
            t.column("time", .integer).notNull()
            t.column("moved_to", .integer)
            t.column("reason", .text)
            t.column("account_id", .integer).references("account", onDelete: .setNull)
            t.column("changed_at", .datetime).notNull()
            t.primaryKey(["regimen_id", "day", "time"])
        }
        // The dose log. One row per dose, whoever marks it: the primary key is the dose itself,
        // so two members marking it at once make one row and the second reads who did.
        // `time` is the scheduled minute (an as-needed dose: the minute it was given).
        try db.create(table: "dose") { t in
            t.column("regimen_id", .integer).notNull().references("regimen", onDelete: .cascade)
            t.column("day", .text).notNull()
            t.column("time", .integer).notNull()
            t.column("status", .text).notNull().check(sql: "status IN ('given', 'skipped')")
            t.column("given_at", .datetime)
            t.column("reason", .text)
            t.column("account_id", .integer).references("account", onDelete: .setNull)
            t.column("recorded_at", .datetime).notNull()
            t.primaryKey(["regimen_id", "day", "time"])
        }
        try db.create(index: "dose_by_day", on: "dose", columns: ["day"])
        // A member's calendar feed: the URL is the credential, shown on /me and replaced on
        // revoke. Kept as written (not a digest) because the member needs to see it again to
        // add it to another phone; it reads the calendar and nothing else.
        try db.alter(table: "account") { t in
            t.add(column: "feed_token", .text)
            t.add(column: "reminders", .boolean).notNull().defaults(to: true)
            t.add(column: "ntfy_url", .text)
        }
        try db.execute(sql: "CREATE UNIQUE INDEX account_feed_token ON account(feed_token) WHERE feed_token IS NOT NULL")
        try db.alter(table: "household") { t in
            t.add(column: "ntfy_url", .text)
            t.add(column: "webhook_url", .text)
            t.add(column: "remind_again_minutes", .integer).notNull().defaults(to: 30)
        }
        // Reminders sent, so a restart never sends one twice: one row per member, dose time and
        // round (0 the first, 1 the reminder again). Written before sending.
        try db.create(table: "reminder") { t in
            t.column("account_id", .integer).notNull().references("account", onDelete: .cascade)
            t.column("due_at", .datetime).notNull()
            t.column("round", .integer).notNull()
            t.column("message", .text).notNull()
            t.column("attempts", .integer).notNull().defaults(to: 0)
            t.column("next_attempt_at", .datetime)
            t.column("delivered_at", .datetime)
            t.column("last_error", .text)
            t.column("created_at", .datetime).notNull()
            t.primaryKey(["account_id", "due_at", "round"])
        }
    }
}
