import GRDB

extension Migrations {
    static let v18 = Migration("v18 an index of the doses given, for what is left of a supply") { db in
        // What is left of a counted supply is the doses given since it was counted
        // (`RegimenRepository.givenSinceCount`); without this index each regimen's every dose
        // was read, 15 ms for the API's due list on the ten-year demo household.
        try db.execute(
            sql: "CREATE INDEX dose_given ON dose(regimen_id, coalesce(given_at, recorded_at)) WHERE status = 'given'")
    }
}
