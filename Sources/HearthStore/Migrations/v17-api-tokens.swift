import GRDB

extension Migrations {
    static let v17 = Migration("v17 API tokens") { db in
        // A token made on /me acts as its member in the API. Only its SHA-256 is kept (like
        // sessions'); revoking keeps the row so the member's page can say it was revoked.
        try db.create(table: "api_token") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("account_id", .integer).notNull().references("account", onDelete: .cascade)
            t.column("name", .text).notNull()
            t.column("scope", .text).notNull()
            t.column("digest", .text).notNull().unique()
            t.column("created_at", .datetime).notNull()
            t.column("last_used_at", .datetime)
            t.column("revoked_at", .datetime)
        }
        try db.create(index: "api_token_account", on: "api_token", columns: ["account_id"])
    }
}
