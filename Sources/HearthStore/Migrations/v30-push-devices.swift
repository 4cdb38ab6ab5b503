import GRDB

extension Migrations {
    static let v30 = Migration("v30 phones and browsers that take Web Push") { db in
        // One row a browser a member turned notifications on in: where its push service takes
        // messages for it and the keys to encrypt them to (RFC 8291). The endpoint is the
        // browser's; the same browser subscribing again replaces its row.
        try db.execute(
            sql: """
                CREATE TABLE push_device (
                    id INTEGER PRIMARY KEY,
                    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    endpoint TEXT NOT NULL UNIQUE,
                    p256dh TEXT NOT NULL,
                    auth TEXT NOT NULL,
                    label TEXT NOT NULL,
                    created_at DATETIME NOT NULL,
                    -- a push service that answered 429: no message to this device before then
                    backoff_until DATETIME
                );
                CREATE INDEX push_device_account ON push_device(account_id);
                """)
        // The household's VAPID private key (RFC 8292), base64url of its 32 bytes: made once, kept
        // in backups (a restored Hearth's subscriptions still work), never exported or shown.
        try db.alter(table: "household") { t in t.add(column: "push_key", .text) }
    }
}
