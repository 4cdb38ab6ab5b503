import Foundation
import GRDB
import HearthCore
import Testing
@testable import HearthStore

@Suite("Imported days beside hand values")
struct ImportedDaysTests {
    static let day = LocalDate("2026-05-01")!

    static func imported(_ database: AppDatabase, subjectID: Int64, _ days: [ImportedDay]) async throws -> Int {
        let imports = ImportRepository(database)
        let job = try await imports.start(subjectID: subjectID, source: "apple-health", fileName: "export.xml", bytesTotal: 1, createdBy: nil)
        return try await imports.finish(jobID: job, subjectID: subjectID, days: days, through: LocalDate("2026-12-31")!, recordsRead: days.count)
    }

    @Test("+1 cup on a day that only an import filled starts from the imported amount, and the day is by hand from then on")
    func cupAfterImport() async throws {
        let database = try AppDatabase.inMemory()
        let person = try await PersonRepository(database).create(PersonProfile(name: "Mina"), photo: nil)
        let daily = DailyRepository(database)
        #expect(try await Self.imported(database, subjectID: person.id, [ImportedDay(day: Self.day, steps: 4000, waterML: 1500)]) == 1)
        #expect(try daily.day(subjectID: person.id, on: Self.day).water.drankML == 1500)
        try await daily.addWater(250, subjectID: person.id, on: Self.day)
        #expect(try daily.day(subjectID: person.id, on: Self.day).water.drankML == 1750)
        // A later import of more water does not undo what was poured by hand.
        #expect(try await Self.imported(database, subjectID: person.id, [ImportedDay(day: Self.day, waterML: 2500)]) == 1)
        #expect(try daily.day(subjectID: person.id, on: Self.day).water.drankML == 1750)
        #expect(try daily.day(subjectID: person.id, on: Self.day).steps == 4000, "a figure the second file lacked stays")
    }

    @Test("the same days again write nothing; days after today are left out")
    func idempotent() async throws {
        let database = try AppDatabase.inMemory()
        let person = try await PersonRepository(database).create(PersonProfile(name: "Mina"), photo: nil)
        let days = [ImportedDay(day: Self.day, steps: 4000), ImportedDay(day: Self.day.adding(days: 1), weightGrams: 60_000)]
        #expect(try await Self.imported(database, subjectID: person.id, days) == 2)
        #expect(try await Self.imported(database, subjectID: person.id, days) == 0)
        let imports = ImportRepository(database)
        let job = try await imports.start(subjectID: person.id, source: "apple-health", fileName: "export.xml", bytesTotal: 1, createdBy: nil)
        let written = try await imports.finish(
            jobID: job, subjectID: person.id, days: [ImportedDay(day: LocalDate("2027-01-01")!, steps: 10)], through: LocalDate("2026-12-31")!, recordsRead: 1)
        #expect(written == 0)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM daily_value")! } == 2)
    }
}
