import GRDB

extension Migrations {
    static let v21 = Migration("v21 records made together") { db in
        // One walk, meal or toilet saved for several pets at once is one record each, and each
        // carries the first one's id here, so editing or deleting can offer "all of them".
        try db.alter(table: "entry") { t in t.add(column: "together_id", .integer) }
        try db.execute(sql: "CREATE INDEX entry_together ON entry(together_id) WHERE together_id IS NOT NULL")
    }
}
