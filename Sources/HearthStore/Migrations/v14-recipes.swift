import GRDB

extension Migrations {
    static let v14 = Migration("v14 the household recipe book") { db in
        // The household's own list of categories, editable; recipes name one.
        try db.create(table: "recipe_category") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("name", .text).notNull().unique().collate(.nocase)
            t.column("position", .integer).notNull()
        }
        for (position, name) in ["Dessert", "Side dish", "Rice", "Soup and stew", "One-dish", "Other"].enumerated() {
            try db.execute(sql: "INSERT INTO recipe_category (name, position) VALUES (?, ?)", arguments: [name, position])
        }
        try db.create(table: "recipe") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("title", .text).notNull()
            t.column("category_id", .integer).references("recipe_category", onDelete: .setNull)
            t.column("servings", .integer)
            t.column("preparation_minutes", .integer)
            t.column("cooking_minutes", .integer)
            t.column("kcal_per_serving", .double)
            t.column("grams_per_serving", .double)
            t.column("photo_sha", .text).references("photo")
            t.column("image_url", .text)
            t.column("source_name", .text)
            t.column("source_url", .text)
            t.column("tip", .text)
            t.column("description", .text)
            t.column("created_by", .integer).references("account", onDelete: .setNull)
            t.column("created_at", .datetime).notNull()
            t.column("updated_at", .datetime).notNull()
        }
        try db.create(table: "recipe_ingredient") { t in
            t.column("recipe_id", .integer).notNull().references("recipe", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("quantity", .double)
            t.column("upper_quantity", .double)
            t.column("unit", .text)
            t.column("name", .text).notNull()
            t.column("note", .text)
            t.column("text", .text).notNull()
            t.primaryKey(["recipe_id", "position"])
        }
        try db.create(table: "recipe_step") { t in
            t.column("recipe_id", .integer).notNull().references("recipe", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("section", .text)
            t.column("text", .text).notNull()
            t.column("photo_sha", .text).references("photo")
            t.column("image_url", .text)
            t.primaryKey(["recipe_id", "position"])
        }
        try db.create(table: "recipe_tag") { t in
            t.column("recipe_id", .integer).notNull().references("recipe", onDelete: .cascade)
            t.column("tag", .text).notNull().collate(.nocase)
            t.primaryKey(["recipe_id", "tag"])
        }
        try db.create(table: "recipe_bookmark") { t in
            t.column("account_id", .integer).notNull().references("account", onDelete: .cascade)
            t.column("recipe_id", .integer).notNull().references("recipe", onDelete: .cascade)
            t.column("created_at", .datetime).notNull()
            t.primaryKey(["account_id", "recipe_id"])
        }
        // Titles and ingredient names searched inside words, Korean included (trigrams, as the
        // medicine catalogue); the ingredient names are kept in one column per recipe.
        try db.execute(
            sql: """
                ALTER TABLE recipe ADD COLUMN ingredient_names TEXT NOT NULL DEFAULT '';
                CREATE VIRTUAL TABLE recipe_search USING fts5(title, ingredient_names, content='recipe', content_rowid='id', tokenize='trigram');
                CREATE TRIGGER recipe_search_insert AFTER INSERT ON recipe BEGIN
                    INSERT INTO recipe_search(rowid, title, ingredient_names) VALUES (new.id, new.title, new.ingredient_names);
                END;
                CREATE TRIGGER recipe_search_delete AFTER DELETE ON recipe BEGIN
                    INSERT INTO recipe_search(recipe_search, rowid, title, ingredient_names) VALUES ('delete', old.id, old.title, old.ingredient_names);
                END;
                CREATE TRIGGER recipe_search_update AFTER UPDATE OF title, ingredient_names ON recipe BEGIN
                    INSERT INTO recipe_search(recipe_search, rowid, title, ingredient_names) VALUES ('delete', old.id, old.title, old.ingredient_names);
                    INSERT INTO recipe_search(rowid, title, ingredient_names) VALUES (new.id, new.title, new.ingredient_names);
                END;
                CREATE INDEX recipe_by_title ON recipe(title COLLATE NOCASE, id);
                CREATE INDEX recipe_by_category ON recipe(category_id, title COLLATE NOCASE, id);
                CREATE INDEX recipe_by_source ON recipe(source_url) WHERE source_url IS NOT NULL;
                CREATE INDEX recipe_ingredient_by_name ON recipe_ingredient(name COLLATE NOCASE);
                """)
    }
}
