import Foundation
import HearthCore
import Testing

@testable import HearthStore

@Suite("Searching every record")
struct SearchStoreTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func record(_ details: RecordDetails, note: String? = nil, _ at: String) -> RecordInput {
        let instant = ISO8601DateFormatter().date(from: at)!
        return RecordInput(occurredAt: instant, localDate: LocalDate(instant, in: seoul), note: note, details: details)
    }

    @Test("the index form: letter pairs inside words, a single letter a prefix, nothing spans two words")
    func text() {
        #expect(SearchText.indexed("노란색 거품!") == "노란 란색 색 거품 품")
        #expect(SearchText.indexed("Ab") == "ab b")
        #expect(SearchText.query("란색") == "words : (\"란색\")")
        #expect(SearchText.query("노란색") == "words : (\"노란 란색\")")
        #expect(SearchText.query("e-mail") == "words : (\"e\"* AND \"ma ai il\")")
        #expect(SearchText.query("!!") == nil)
    }

    @Test("words typed and what forms chose are found, every word required, newest first; edits, deletes and a renamed food follow at once")
    func search() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let nabi = try await PetRepository(database).create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        let tori = try await PetRepository(database).create(PetProfile(name: "Tori", species: .dog), photo: nil)
        let entries = EntryRepository(database)
        let foam = try await entries.create(
            subjectID: nabi.id, record(.vomit(times: 2, contents: "노란 거품"), "2026-11-01T09:00:00Z"), photos: [], createdBy: nil)
        let stool = try await entries.create(
            subjectID: nabi.id,
            record(.toilet(urine: false, stool: true, colour: .yellow, fecalScore: 4, blood: false, mucus: false), "2026-11-02T09:00:00Z"),
            photos: [], createdBy: nil)
        let sign = try await entries.create(
            subjectID: tori.id, record(.symptom(signs: ["vomiting"], severity: 2, description: "아침에 노랗게"), "2026-11-03T09:00:00Z"),
            photos: [], createdBy: nil)
        let diary = try await entries.create(
            subjectID: tori.id, record(.diary(title: "First snow", text: "Tori ran in the snow"), note: "산책 갔다", "2026-11-04T09:00:00Z"),
            photos: [], createdBy: nil)
        let meal = try await entries.create(
            subjectID: tori.id,
            record(.meal(food: .new(name: "Salmon kibble", kind: .food, kcalPer100g: 380), amount: 40, unit: .g, outcome: .refused), "2026-11-05T09:00:00Z"),
            photos: [], createdBy: nil)
        let search = SearchRepository(database)
        func find(_ terms: [SearchTerm], access: SubjectAccess = .everyone, _ filter: SearchFilter = SearchFilter()) throws -> [Int64] {
            try search.records(terms, access: access, filter: filter, timeZone: seoul, limit: 50).entries.map(\.id)
        }
        // "노란 구토" as a Korean member types it: 노란 is in 노란색 (yellow), 구토 names the vomit kind and the sign.
        let yellow = SearchTerm(text: "노란", keys: ["pets.colour.yellow"])
        let vomit = SearchTerm(text: "구토", keys: ["pets.kind.vomit", "pets.symptom.vomiting"])
        #expect(try find([yellow, vomit]) == [foam])
        #expect(try find([yellow]) == [stool, foam], "newest first")
        #expect(try find([vomit]) == [sign, foam])
        #expect(try find([SearchTerm(text: "노랗")]) == [sign], "inside a word")
        #expect(try find([SearchTerm(text: "snow")]) == [diary])
        #expect(try find([SearchTerm(text: "SNOW"), SearchTerm(text: "tori")]) == [diary], "any case, every word")
        #expect(try find([SearchTerm(text: "snow"), SearchTerm(text: "cat")]) == [])
        #expect(try find([SearchTerm(text: "산책")]) == [diary], "two letters")
        #expect(try find([SearchTerm(text: "s")]).contains(diary), "one letter: a prefix")
        #expect(try find([SearchTerm(text: "kibble")]) == [meal], "a food's name")
        #expect(try find([SearchTerm(text: "nin")]) == [], "never across two words (ra*n in*)")

        // Filters and access.
        #expect(try find([vomit], access: .only([nabi.id])) == [foam])
        #expect(try find([vomit], SearchFilter(kind: .symptom)) == [sign])
        #expect(try find([vomit], SearchFilter(subjectID: nabi.id)) == [foam])
        #expect(try find([yellow], SearchFilter(from: LocalDate("2026-11-02")!)) == [stool])
        #expect(try find([yellow], SearchFilter(to: LocalDate("2026-11-01")!)) == [foam])

        // Pages: a cursor, nothing twice.
        let first = try search.records([SearchTerm(text: "s")], access: .everyone, filter: SearchFilter(), timeZone: seoul, limit: 1)
        let second = try search.records([SearchTerm(text: "s")], access: .everyone, filter: SearchFilter(), timeZone: seoul, before: first.older, limit: 5)
        #expect(first.entries.map(\.id) == [meal] && second.entries.map(\.id) == [diary] && second.older == nil)

        // An edit is searched at once by its new words; a deleted record is gone; a renamed food too.
        _ = try await entries.update(
            id: foam, record(.vomit(times: 1, contents: "흰 거품"), "2026-11-01T09:00:00Z"), keeping: [], adding: [])
        #expect(try find([yellow, vomit]) == [])
        #expect(try find([SearchTerm(text: "흰")]) == [foam])
        try await entries.delete(id: diary)
        #expect(try find([SearchTerm(text: "snow")]) == [])
        try await database.write { db in try db.execute(sql: "UPDATE food SET name = 'Tuna bites' WHERE name = 'Salmon kibble'") }
        #expect(try find([SearchTerm(text: "tuna")]) == [meal])
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_pending") } == 0)
    }

    @Test("every kind's tables queue their records for the index (a new kind without triggers fails here)")
    func everyTable() throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let triggers = try database.read { db in
            try String.fetchAll(db, sql: "SELECT tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_%'")
        }
        for kind in RecordKind.all {
            for table in kind.tables { #expect(triggers.filter { $0 == table }.count == 3, "\(table)") }
        }
    }
}
