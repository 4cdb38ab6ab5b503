import Foundation
import HearthCore
import HearthStore
import Testing

@Suite("Pets and their records in SQLite")
struct EntryStoreTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    func household() async throws -> (AppDatabase, Pet) {
        let database = try temporaryDatabase()
        let pet = try await PetRepository(database).create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        return (database, pet)
    }

    func weight(_ grams: Double, at instant: Date, timeZone: TimeZone = .init(identifier: "UTC")!) -> RecordInput {
        RecordInput(occurredAt: instant, localDate: LocalDate(instant, in: timeZone), note: nil, details: .weight(value: grams, unit: .g))
    }

    @Test("a record for a subject that is gone is refused as that, not as a missing pet (it may have been a person)")
    func subjectGone() async throws {
        let (database, _) = try await household()
        await #expect(throws: StoreError.subjectNotFound) {
            try await EntryRepository(database).create(subjectID: 9_999, weight(70_000, at: Date()), photos: [], createdBy: nil)
        }
    }

    @Test("timeline pages meet without gaps or repeats, also where several records share a time")
    func pageBoundaries() async throws {
        let (database, pet) = try await household()
        defer { try? database.close() }
        let entries = EntryRepository(database)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var ids: [Int64] = []
        for index in 0..<65 {
            // Records 28…33 share one time: the id breaks the tie.
            let instant = (28...33).contains(index) ? start.addingTimeInterval(28 * 60) : start.addingTimeInterval(Double(index) * 60)
            ids.append(try await entries.create(subjectID: pet.id, weight(Double(4000 + index), at: instant), photos: [], createdBy: nil))
        }
        var seen: [Int64] = []
        var cursor: TimelineCursor?
        var sizes: [Int] = []
        repeat {
            let page = try await entries.timeline(subjectID: pet.id, before: cursor, limit: 30)
            sizes.append(page.count)
            seen += page.map(\.id)
            cursor = page.last.map { TimelineCursor(occurredAt: $0.occurredAt, id: $0.id) }
            if page.count < 30 { break }
        } while true
        #expect(sizes == [30, 30, 5])
        #expect(Set(seen).count == 65)
        #expect(Set(seen) == Set(ids))
        let times = try await entries.timeline(subjectID: pet.id, limit: 100).map(\.occurredAt)
        #expect(times == times.sorted(by: >), "newest first")
        #expect(TimelineCursor(cursor!.description) == cursor, "the cursor survives a URL")
    }

    @Test("each weight knows the one before it: other kinds, deleted weights and ties in time are handled")
    func previousWeights() async throws {
        let (database, pet) = try await household()
        defer { try? database.close() }
        let entries = EntryRepository(database)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try await entries.create(subjectID: pet.id, weight(4000, at: start), photos: [], createdBy: nil)
        let deleted = try await entries.create(subjectID: pet.id, weight(9000, at: start.addingTimeInterval(60)), photos: [], createdBy: nil)
        let walk = RecordInput(
            occurredAt: start.addingTimeInterval(90), localDate: LocalDate(start, in: .init(identifier: "UTC")!), note: nil,
            details: .walk(activity: .walk, minutes: 20, distanceKm: nil))
        _ = try await entries.create(subjectID: pet.id, walk, photos: [], createdBy: nil)
        // Two weights at the same minute: the later id is the later record.
        let tiedA = try await entries.create(subjectID: pet.id, weight(4200, at: start.addingTimeInterval(120)), photos: [], createdBy: nil)
        let tiedB = try await entries.create(subjectID: pet.id, weight(4100, at: start.addingTimeInterval(120)), photos: [], createdBy: nil)
        try await entries.delete(id: deleted)
        let byID = Dictionary(uniqueKeysWithValues: try await entries.timeline(subjectID: pet.id).map { ($0.id, $0) })
        #expect(byID[first]?.previousWeightGrams == nil, "the first weight has none before it")
        #expect(byID[tiedA]?.previousWeightGrams == 4000, "the deleted 9 kg and the walk are skipped")
        #expect(byID[tiedB]?.previousWeightGrams == 4200)
        #expect(byID.values.filter { $0.kind == .walk }.allSatisfy { $0.previousWeightGrams == nil })
    }

    @Test("filters: one kind, a range of local days")
    func filters() async throws {
        let (database, pet) = try await household()
        defer { try? database.close() }
        let entries = EntryRepository(database)
        let day = 24.0 * 3600
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 0..<10 {
            let instant = start.addingTimeInterval(Double(index) * day)
            _ = try await entries.create(subjectID: pet.id, weight(4000, at: instant), photos: [], createdBy: nil)
            let walk = RecordInput(
                occurredAt: instant, localDate: LocalDate(instant, in: .init(identifier: "UTC")!), note: nil,
                details: .walk(activity: .walk, minutes: 20, distanceKm: nil))
            _ = try await entries.create(subjectID: pet.id, walk, photos: [], createdBy: nil)
        }
        #expect(try await entries.timeline(subjectID: pet.id, kinds: [.walk], limit: 100).count == 10)
        let first = LocalDate(start, in: .init(identifier: "UTC")!)
        let range = try await entries.timeline(subjectID: pet.id, from: first.adding(days: 2), to: first.adding(days: 4), limit: 100)
        #expect(range.count == 6)
        #expect(range.allSatisfy { $0.localDate >= first.adding(days: 2) && $0.localDate <= first.adding(days: 4) })
    }

    @Test("delete is soft: gone from the timeline, back after undo")
    func softDelete() async throws {
        let (database, pet) = try await household()
        defer { try? database.close() }
        let entries = EntryRepository(database)
        let id = try await entries.create(subjectID: pet.id, weight(4100, at: Date()), photos: [], createdBy: nil)
        try await entries.delete(id: id)
        #expect(try await entries.timeline(subjectID: pet.id).isEmpty)
        #expect(try await entries.entry(id: id)?.deletedAt != nil, "still there, marked")
        try await entries.restore(id: id, access: .everyone)
        #expect(try await entries.timeline(subjectID: pet.id).map(\.id) == [id])
        await #expect(throws: StoreError.recordNotFound) { try await entries.restore(id: id, access: .everyone) }
    }

    @Test("a record at 23:30 belongs to that local day, across a DST change")
    func localDays() async throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        // 1 November 2026: clocks go back at 02:00. 23:30 local is 04:30 UTC the next day.
        let late = try RecordInput.validate(
            .weight, ["date": "2026-11-01", "time": "23:30", "weight": "4"], species: .cat, timeZone: newYork, now: Date(timeIntervalSince1970: 1_900_000_000)
        ).value()
        #expect(late.localDate == LocalDate("2026-11-01"))
        #expect(LocalDate(late.occurredAt, in: TimeZone(identifier: "UTC")!) == LocalDate("2026-11-02"))
        // 8 March 2026: clocks go forward at 02:00; 01:30 and 03:30 are the same day, 02:30 never happened.
        let before = try RecordInput.validate(.weight, ["date": "2026-03-08", "time": "01:30", "weight": "4"], species: .cat, timeZone: newYork).value()
        let after = try RecordInput.validate(.weight, ["date": "2026-03-08", "time": "03:30", "weight": "4"], species: .cat, timeZone: newYork).value()
        #expect(before.localDate == after.localDate)
        #expect(after.occurredAt.timeIntervalSince(before.occurredAt) == 3600, "one real hour apart")
        guard
            case .invalid(let errors) = RecordInput.validate(.weight, ["date": "2026-03-08", "time": "02:30", "weight": "4"], species: .cat, timeZone: newYork)
        else {
            Issue.record("02:30 on 8 March 2026 does not exist in New York")
            return
        }
        #expect(errors["time"] == "error.time.skipped")

        let (database, pet) = try await household()
        defer { try? database.close() }
        let entries = EntryRepository(database)
        _ = try await entries.create(subjectID: pet.id, late, photos: [], createdBy: nil)
        let pages = PetPages(database)
        #expect(try await pages.overview(petID: pet.id, access: .everyone, day: LocalDate("2026-11-01")!)?.day.count == 1)
        #expect(try await pages.overview(petID: pet.id, access: .everyone, day: LocalDate("2026-11-02")!)?.day.isEmpty == true)
        // A pet that does not exist has no page, rather than an empty one.
        #expect(try await pages.overview(petID: pet.id + 100, access: .everyone, day: LocalDate("2026-11-01")!) == nil)
        #expect(try await pages.timeline(petID: pet.id + 100, access: .everyone, TimelineFilter(), limit: 30) == nil)
        #expect(try await pages.timeline(petID: pet.id, access: .everyone, TimelineFilter(), limit: 30)?.entries.count == 1)
    }

    @Test("food preferences sort the picker; a food typed again is the same food")
    func foods() async throws {
        let (database, pet) = try await household()
        defer { try? database.close() }
        let foods = FoodRepository(database)
        let entries = EntryRepository(database)
        let meal = { (name: String) in
            RecordInput(
                occurredAt: Date(), localDate: LocalDate(Date(), in: .current), note: nil,
                details: .meal(food: .new(name: name, kind: .food, kcalPer100g: nil), amount: 30, unit: .g, outcome: .all))
        }
        for name in ["Chicken", "Tuna", "Beef", "tuna", "apple"] { _ = try await entries.create(subjectID: pet.id, meal(name), photos: [], createdBy: nil) }
        var list = try await foods.foods(for: pet.id)
        #expect(list.map(\.food.name) == ["apple", "Beef", "Chicken", "Tuna"], "Tuna typed twice is one food; case does not sort")
        let tuna = list.first { $0.food.name == "Tuna" }!.food.id
        let beef = list.first { $0.food.name == "Beef" }!.food.id
        try await foods.setPreference(.loves, subjectID: pet.id, foodID: tuna)
        try await foods.setPreference(.allergic, subjectID: pet.id, foodID: beef)
        list = try await foods.foods(for: pet.id)
        #expect(list.map(\.food.name) == ["Tuna", "apple", "Chicken", "Beef"])
        #expect(list.map(\.preference) == [.loves, nil, nil, .allergic])
        let other = try await PetRepository(database).create(PetProfile(name: "Bori", species: .dog), photo: nil)
        #expect(try await foods.foods(for: other.id).allSatisfy { $0.preference == nil }, "preferences are per pet")
    }

    @Test("photos stay while any record refers to them, a soft-deleted one included")
    func photoReferences() async throws {
        let (database, pet) = try await household()
        defer { try? database.close() }
        let entries = EntryRepository(database)
        let photo = PhotoRecord(sha256: String(repeating: "a", count: 64), format: "jpeg", width: 10, height: 10, byteCount: 100, takenAt: nil)
        let diary = RecordInput(occurredAt: Date(), localDate: LocalDate(Date(), in: .current), note: nil, details: .diary(title: "Hi", text: nil))
        let id = try await entries.create(subjectID: pet.id, diary, photos: [photo, photo], createdBy: nil)
        #expect(try await PhotoRepository(database).allDigests() == [photo.sha256], "stored once")
        try await entries.delete(id: id)
        #expect(try await PhotoRepository(database).removeUnreferenced([photo.sha256]).isEmpty)
        await #expect(throws: StoreError.recordNotFound, "a deleted record is not edited") {
            try await entries.update(id: id, diary, keeping: [], adding: [])
        }
        try await entries.restore(id: id, access: .everyone)
        let dropped = try await entries.update(id: id, diary, keeping: [], adding: [])
        #expect(dropped == [photo.sha256, photo.sha256])
        #expect(try await PhotoRepository(database).removeUnreferenced(dropped) == [photo.sha256], "now nothing refers to it")
    }
}

extension Validated {
    func value() throws -> Value {
        switch self {
        case .valid(let value): return value
        case .invalid(let errors): throw ValidationFailure(errors: errors)
        }
    }
}

struct ValidationFailure: Error { let errors: FieldErrors }
