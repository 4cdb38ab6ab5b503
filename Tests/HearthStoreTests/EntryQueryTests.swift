import Foundation
import GRDB
import HearthCore
@testable import HearthStore
import Testing

/// The reads whose speed depends on how they are asked: date ranges and a pet's newest photos.
@Suite("Timeline ranges and newest photos read the right records")
struct EntryQueryTests {
    @Test("a date range keeps whole local days, in the zones furthest from UTC", arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
    func rangeAtTheEdges(zone: String) async throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let pet = try await PetRepository(database).create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        let entries = EntryRepository(database)
        let from = LocalDate("2026-03-10")!, to = LocalDate("2026-03-11")!
        for day in [from.adding(days: -1), from, to, to.adding(days: 1)] {
            for time in ["00:05", "23:55"] {
                let instant = try LocalTime.instant(date: day.description, time: time, in: timeZone).get()
                let walk = RecordInput(occurredAt: instant, localDate: day, note: nil, details: .walk(activity: .walk, minutes: 10, distanceKm: nil))
                _ = try await entries.create(subjectID: pet.id, walk, photos: [], createdBy: nil)
            }
        }
        let range = try await entries.timeline(subjectID: pet.id, from: from, to: to, limit: 100)
        #expect(range.map(\.localDate) == [to, to, from, from])
        #expect(try await entries.timeline(subjectID: pet.id, from: to, limit: 100).map(\.localDate) == [to.adding(days: 1), to.adding(days: 1), to, to])
        #expect(
            try await entries.timeline(subjectID: pet.id, to: from, limit: 100).map(\.localDate) == [from, from, from.adding(days: -1), from.adding(days: -1)])
    }

    @Test("a pet's newest photos come from its records with photos, however many records have none")
    func newestPhotos() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let pets = PetRepository(database), entries = EntryRepository(database), pages = PetPages(database)
        let nabi = try await pets.create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        let bori = try await pets.create(PetProfile(name: "Bori", species: .dog), photo: nil)
        func photo(_ letter: Character) -> PhotoRecord {
            PhotoRecord(sha256: String(repeating: letter, count: 64), format: "jpeg", width: 10, height: 10, byteCount: 100, takenAt: nil)
        }
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let day = LocalDate(start, in: .init(identifier: "UTC")!)
        func diary(_ minutes: Double) -> RecordInput {
            RecordInput(occurredAt: start.addingTimeInterval(minutes * 60), localDate: day, note: nil, details: .diary(title: "Nap", text: nil))
        }
        let old = try await entries.create(subjectID: nabi.id, diary(0), photos: [photo("a"), photo("b")], createdBy: nil)
        let newer = try await entries.create(subjectID: nabi.id, diary(1), photos: [photo("c")], createdBy: nil)
        try await entries.createMany(subjectID: nabi.id, (2..<500).map { (diary(Double($0)), []) }, createdBy: nil)
        try await entries.createMany(subjectID: bori.id, (0..<500).map { (diary(Double($0)), []) }, createdBy: nil)

        #expect(try await pages.overview(petID: nabi.id, access: .everyone, day: day)?.photos == [photo("c"), photo("a"), photo("b")].map(\.sha256))
        #expect(try await pages.overview(petID: bori.id, access: .everyone, day: day)?.photos == [])
        _ = try await entries.update(id: old, diary(0), keeping: [photo("b").sha256], adding: [])
        try await entries.delete(id: newer)
        #expect(try await pages.overview(petID: nabi.id, access: .everyone, day: day)?.photos == [photo("b").sha256])
        try await entries.restore(id: newer, access: .everyone)
        #expect(try await pages.overview(petID: nabi.id, access: .everyone, day: day)?.photos == [photo("c"), photo("b")].map(\.sha256))
        // The count the index relies on matches the photos, record by record.
        let wrong = try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM entry WHERE photo_count != (SELECT count(*) FROM entry_photo WHERE entry_id = entry.id)")
        }
        #expect(wrong == 0)
    }
}

@Suite("A pet reads back as stored")
struct PetReadTests {
    @Test("every profile field, read by position, comes back as written")
    func everyField() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let pets = PetRepository(database)
        let photo = PhotoRecord(sha256: String(repeating: "d", count: 64), format: "jpeg", width: 10, height: 10, byteCount: 100, takenAt: nil)
        let profile = PetProfile(
            name: "Dubu", species: .other, speciesOther: "axolotl", breed: "leucistic", sex: .female,
            birthDate: LocalDate("2021-05-04"), birthDateEstimated: true, adoptionDate: LocalDate("2021-08-01"), neutered: false,
            microchip: "410123456789012", markings: "pink gills", notes: "Likes the dark corner.", weightUnit: .g)
        let created = try await pets.create(profile, photo: photo)
        try await pets.setArchived(true, id: created.id)
        let read = try #require(try await pets.pet(id: created.id, access: .everyone))
        #expect(read.profile == profile)
        #expect(read.photoSHA == photo.sha256 && read.isArchived && read.id == created.id)
        #expect(try await pets.pets(archived: true, access: .everyone) == [read])
    }
}

@Suite("Upgrading a household's database")
struct MigrationTests {
    @Test("v3 counts the photos of records written before it, and the newest photos read from them")
    func photoCountBackfill() async throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/hearth.sqlite"
        // A database as the previous version left it: schema v2, with records and photos.
        let old = try DatabaseQueue(path: path)
        try Migrations.migrator.migrate(old, upTo: "v2 pets, photos, foods, entries")
        try await old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO photo (sha256, format, width, height, byte_count, created_at) VALUES ('aa', 'jpeg', 1, 1, 1, '2026-01-01 00:00:00.000'), ('bb', 'jpeg', 1, 1, 1, '2026-01-01 00:00:00.000');
                    INSERT INTO subject (id, kind, name, created_at, updated_at) VALUES (1, 'pet', 'Nabi', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
                    INSERT INTO pet_profile (subject_id, species, weight_unit) VALUES (1, 'cat', 'kg');
                    INSERT INTO entry (id, subject_id, kind, occurred_at, local_date, created_at, updated_at) VALUES
                        (1, 1, 'diary', '2026-01-01 08:00:00.000', '2026-01-01', '2026-01-01 08:00:00.000', '2026-01-01 08:00:00.000'),
                        (2, 1, 'diary', '2026-01-02 08:00:00.000', '2026-01-02', '2026-01-02 08:00:00.000', '2026-01-02 08:00:00.000'),
                        (3, 1, 'diary', '2026-01-03 08:00:00.000', '2026-01-03', '2026-01-03 08:00:00.000', '2026-01-03 08:00:00.000');
                    INSERT INTO diary_entry (entry_id, title) VALUES (1, 'a'), (2, 'b'), (3, 'c');
                    INSERT INTO entry_photo (entry_id, photo_sha, position) VALUES (1, 'aa', 0), (1, 'bb', 1), (3, 'bb', 0);
                    """)
        }
        try old.close()

        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        let counts = try database.read { db in try Int.fetchAll(db, sql: "SELECT photo_count FROM entry ORDER BY id") }
        #expect(counts == [2, 0, 1])
        let overview = try await PetPages(database).overview(petID: 1, access: .everyone, day: LocalDate("2026-01-03")!)
        #expect(overview?.photos == ["bb", "aa", "bb"])
        #expect(try await EntryRepository(database).timeline(subjectID: 1).map(\.photos) == [["bb"], [], ["aa", "bb"]])
    }
}
