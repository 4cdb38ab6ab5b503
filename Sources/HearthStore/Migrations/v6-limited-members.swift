import GRDB

extension Migrations {
    static let v6 = Migration("v6 members limited to chosen subjects") { db in
        // `limited` with no rows below it sees nothing: limiting never widens by accident.
        try db.alter(table: "account") { t in
            t.add(column: "limited", .boolean).notNull().defaults(to: false)
        }
        try db.create(table: "account_subject") { t in
            t.column("account_id", .integer).notNull().references("account", onDelete: .cascade)
            t.column("subject_id", .integer).notNull().references("subject", onDelete: .cascade)
            t.primaryKey(["account_id", "subject_id"])
        }
    }
}
