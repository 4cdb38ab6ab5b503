import GRDB

extension Migrations {
    static let v16 = Migration("v16 requests sent with a key are answered once") { db in
        // A phone's outbox (or a script) sends a form again when it never heard the answer;
        // the key it made lets the server answer the repeat with the first answer instead of
        // writing twice. `status` is NULL while the first is being handled.
        try db.create(table: "sent_request", options: .withoutRowID) { t in
            t.column("account_id", .integer).notNull().references("account", onDelete: .cascade)
            t.column("key", .text).notNull()
            t.column("method", .text).notNull()
            t.column("path", .text).notNull()
            t.column("status", .integer)
            t.column("location", .text)
            t.column("content_type", .text)
            t.column("body", .blob)
            t.column("created_at", .datetime).notNull()
            t.primaryKey(["account_id", "key"])
        }
        try db.create(index: "sent_request_created", on: "sent_request", columns: ["created_at"])
    }
}
