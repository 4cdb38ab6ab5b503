import GRDB

extension Migrations {
    static let v19 = Migration("v19 care routines") { db in
        // Something done again and again for a pet, a person, or the house (no subject): its
        // schedule in the columns `regimen_schedule` uses (StoredSchedule), at most one time.
        try db.create(table: "routine") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("subject_id", .integer).references("subject", onDelete: .cascade)
            t.column("name", .text).notNull()
            t.column("how", .text)
            t.column("repeat", .text).notNull()
                .check(sql: "repeat IN ('daily', 'weekdays', 'days', 'weeks', 'months', 'years', 'after_done', 'as_needed')")
            t.column("every", .integer)
            t.column("weekdays", .text)
            t.column("times", .text).notNull()
            t.column("minimum_minutes", .integer)
            t.column("start_date", .text).notNull()
            t.column("end_date", .text)
            t.column("end_days", .integer)
            // Days before its day that it shows as due soon.
            t.column("soon_days", .integer).notNull().defaults(to: 0)
            t.column("assignment", .text).notNull().check(sql: "assignment IN ('anyone', 'members', 'turn', 'least')")
            t.column("remind", .boolean).notNull().defaults(to: true)
            t.column("created_at", .datetime).notNull()
            t.column("created_by", .integer).references("account", onDelete: .setNull)
            t.column("deleted_at", .datetime)
        }
        try db.create(index: "routine_by_subject", on: "routine", columns: ["subject_id"])
        // The members it is assigned to, in turn order.
        try db.create(table: "routine_member") { t in
            t.column("routine_id", .integer).notNull().references("routine", onDelete: .cascade)
            t.column("account_id", .integer).notNull().references("account", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.primaryKey(["routine_id", "account_id"])
        }
        // Done or skipped, answering one due day: one row a day (two members tapping "done" at
        // once make one). A routine done when needed has no due day of its own (NULL: any number).
        try db.create(table: "routine_mark") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("routine_id", .integer).notNull().references("routine", onDelete: .cascade)
            t.column("due_date", .text)
            t.column("status", .text).notNull().check(sql: "status IN ('done', 'skipped')")
            t.column("done_at", .datetime)
            // The household's day it was done on, fixed when marked (late: after due_date).
            t.column("done_date", .text)
            t.column("reason", .text)
            t.column("account_id", .integer).references("account", onDelete: .setNull)
            t.column("recorded_at", .datetime).notNull()
            t.uniqueKey(["routine_id", "due_date"])
        }
        try db.create(index: "routine_mark_by_day", on: "routine_mark", columns: ["due_date"])
    }
}
