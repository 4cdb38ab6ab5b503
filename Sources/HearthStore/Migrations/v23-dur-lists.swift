import GRDB

extension Migrations {
    static let v23 = Migration("v23 the public DUR and pill-identification lists, and where home is") { db in
        // As imported, whole: importing a list again replaces it. Each side's names are kept as
        // the list writes them and as `IngredientName.key` reduces them, for matching.
        try db.execute(
            sql: """
                CREATE TABLE dur_pair (
                    id INTEGER PRIMARY KEY,
                    list_key TEXT NOT NULL UNIQUE,
                    first_code TEXT, first_name TEXT NOT NULL, first_english TEXT, first_key TEXT NOT NULL, first_english_key TEXT,
                    second_code TEXT, second_name TEXT NOT NULL, second_english TEXT, second_key TEXT NOT NULL, second_english_key TEXT,
                    content TEXT, notified TEXT);
                CREATE INDEX dur_pair_first ON dur_pair(first_key);
                CREATE INDEX dur_pair_first_english ON dur_pair(first_english_key);
                CREATE INDEX dur_pair_second ON dur_pair(second_key);
                CREATE INDEX dur_pair_second_english ON dur_pair(second_english_key);
                CREATE TABLE dur_elderly (
                    id INTEGER PRIMARY KEY,
                    list_key TEXT NOT NULL UNIQUE,
                    code TEXT, name TEXT NOT NULL, english TEXT, name_key TEXT NOT NULL, english_key TEXT,
                    content TEXT, notified TEXT);
                CREATE INDEX dur_elderly_name ON dur_elderly(name_key);
                CREATE INDEX dur_elderly_english ON dur_elderly(english_key);
                -- When each list (and the pill list) was last imported, for the pages to say "the public list of <date>".
                CREATE TABLE dur_import (list TEXT PRIMARY KEY, imported_at DATETIME NOT NULL, rows INTEGER NOT NULL, newest_notified TEXT);
                -- The pill-identification list (낱알식별), by the permit list's item number; `words` is what a search looks in.
                CREATE TABLE pill (
                    item_seq TEXT PRIMARY KEY, name TEXT NOT NULL, company TEXT, print_front TEXT, print_back TEXT, shape TEXT,
                    colour_front TEXT, colour_back TEXT, line_front TEXT, line_back TEXT, form TEXT, size TEXT, words TEXT NOT NULL);
                -- Where home is (WGS 84), set once, for the clinics' distances.
                ALTER TABLE household ADD COLUMN home_latitude REAL;
                ALTER TABLE household ADD COLUMN home_longitude REAL;
                """)
    }
}
