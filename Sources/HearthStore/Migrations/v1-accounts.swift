import GRDB

extension Migrations {
    static let v1 = Migration("v1 household, accounts, sessions, sign-in failures") { db in
        // Exactly one household per database: the row with id 1.
        try db.create(table: "household") { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("name", .text).notNull()
            t.column("time_zone", .text).notNull()
            t.column("language", .text).notNull()
            t.column("weight_unit", .text).notNull()
            t.column("volume_unit", .text).notNull()
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
        try db.create(table: "account") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("username", .text).notNull().unique().collate(.nocase)
            t.column("display_name", .text).notNull()
            t.column("password_hash", .text).notNull()
            t.column("role", .text).notNull().check(sql: "role IN ('owner', 'adult', 'viewer')")
            t.column("language", .text)
            t.column("disabled_at", .datetime)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
        // Only a digest of the session id is stored: a copied database file signs nobody in.
        try db.create(table: "session") { t in
            t.primaryKey("id_digest", .text)
            t.column("account_id", .integer).notNull().indexed().references("account", onDelete: .cascade)
            t.column("csrf_token", .text).notNull()
            t.column("created_at", .datetime).notNull()
            t.column("last_seen_at", .datetime).notNull()
            t.column("expires_at", .datetime).notNull().indexed()
        }
        try db.create(table: "sign_in_failure") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("username", .text).notNull()
            t.column("address", .text).notNull()
            t.column("failed_at", .datetime).notNull()
        }
        try db.create(index: "sign_in_failure_by_username", on: "sign_in_failure", columns: ["username", "failed_at"])
        try db.create(index: "sign_in_failure_by_address", on: "sign_in_failure", columns: ["address", "failed_at"])
    }
}
