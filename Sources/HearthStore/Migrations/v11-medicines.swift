import GRDB

extension Migrations {
    static let v11 = Migration("v11 the medicine and supplement catalogue, searched with FTS5") { db in
        try db.create(table: "medicine") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("kind", .text).notNull().check(sql: "kind IN ('medicine', 'supplement')")
            t.column("name", .text).notNull()
            t.column("company", .text)
            t.column("ingredients", .text)
            t.column("classification", .text)
            t.column("form", .text)
            t.column("prescription", .boolean)
            t.column("purpose", .text)
            t.column("how_to_take", .text)
            t.column("warnings", .text)
            t.column("notes", .text)
            t.column("photo_sha", .text).references("photo")
            // The public list's own number (ITEM_SEQ, PRDLST_REPORT_NO): importing again updates.
            t.column("list_key", .text).unique()
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
        // The trigram tokenizer finds text inside words, Korean included ("타이레" in 타이레놀),
        // for queries of three characters or more. An external-content index: the words are
        // stored once, in `medicine`, and triggers keep the index in step.
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE medicine_search USING fts5(
                    name, company, ingredients, classification, content='medicine', content_rowid='id', tokenize='trigram');
                CREATE TRIGGER medicine_search_insert AFTER INSERT ON medicine BEGIN
                    INSERT INTO medicine_search(rowid, name, company, ingredients, classification)
                    VALUES (new.id, new.name, new.company, new.ingredients, new.classification);
                END;
                CREATE TRIGGER medicine_search_delete AFTER DELETE ON medicine BEGIN
                    INSERT INTO medicine_search(medicine_search, rowid, name, company, ingredients, classification)
                    VALUES ('delete', old.id, old.name, old.company, old.ingredients, old.classification);
                END;
                CREATE TRIGGER medicine_search_update AFTER UPDATE OF name, company, ingredients, classification ON medicine BEGIN
                    INSERT INTO medicine_search(medicine_search, rowid, name, company, ingredients, classification)
                    VALUES ('delete', old.id, old.name, old.company, old.ingredients, old.classification);
                    INSERT INTO medicine_search(rowid, name, company, ingredients, classification)
                    VALUES (new.id, new.name, new.company, new.ingredients, new.classification);
                END;
                CREATE INDEX medicine_by_name ON medicine(name COLLATE NOCASE, id);
                """)
    }
}
