import GRDB

extension Migrations {
    static let v25 = Migration("v25 a key sent again with another body is refused") { db in
        // The SHA-256 of the first request's body (a form without files, a JSON call): the same
        // key with a different body is another request, refused (422) rather than answered with
        // the first one's answer (a walk sent with a diary's key would be lost).
        try db.alter(table: "sent_request") { t in t.add(column: "fingerprint", .text) }
        // Answers kept from before carried whole pages, and the token page's secret: only what
        // a repeat needs is kept from now on.
        try db.execute(sql: "DELETE FROM sent_request")
    }
}
