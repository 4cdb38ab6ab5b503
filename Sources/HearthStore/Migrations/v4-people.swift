import GRDB

extension Migrations {
    static let v4 = Migration("v4 people: a subject's colour and the account that is them") { db in
        try db.alter(table: "subject") { t in
            t.add(column: "colour", .text)
            t.add(column: "account_id", .integer).references("account", onDelete: .setNull)
        }
        // An account is at most one person.
        try db.execute(sql: "CREATE UNIQUE INDEX subject_account ON subject(account_id) WHERE account_id IS NOT NULL")
    }
}
