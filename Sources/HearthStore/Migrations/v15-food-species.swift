import GRDB

extension Migrations {
    static let v15 = Migration("v15 foods have the species they are for, and kcal per piece") { db in
        // NULL: for any pet. A food only pets of one species have eaten or been given a
        // feeling about is that species' (the cat's food is not offered on the dog's forms).
        try db.alter(table: "food") { t in
            t.add(column: "species", .text)
            // A treat counted in pieces (jerky, biscuits) has its energy per piece.
            t.add(column: "kcal_per_piece", .double)
        }
        try db.execute(
            sql: """
                UPDATE food SET species = (
                    SELECT min(p.species) FROM (
                        SELECT e.subject_id FROM meal_entry m JOIN entry e ON e.id = m.entry_id WHERE m.food_id = food.id
                        UNION SELECT subject_id FROM food_preference WHERE food_id = food.id) used
                    JOIN pet_profile p ON p.subject_id = used.subject_id
                    HAVING count(DISTINCT p.species) = 1)
                """)
    }
}
