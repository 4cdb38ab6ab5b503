import Foundation
import GRDB
import HearthCore
import Testing

@testable import HearthStore

@Suite("Trackers as stored")
struct TrackerStoreTests {
    @Test(
        "a definition round-trips; a unit changed exactly converts the records' values in the same write; a subject's tracker is hidden from a member who may not see it"
    )
    func definitions() async throws {
        let database = try AppDatabase.inMemory()
        let nabi = try await PetRepository(database).create(PetProfile(name: "Nabi", species: .cat), photo: nil)
        let trackers = TrackerRepository(database)
        let form: [String: String] = [
            "name": "Food", "subjects": "subject:\(nabi.id)", "field_1_name": "Eaten", "field_1_kind": "number", "field_1_unit": "g",
            "field_1_low": "0", "field_1_high": "5,000", "field_1_day": "sum", "field_2_name": "Kind", "field_2_kind": "choice",
            "field_2_choice_1": "Wet", "field_2_choice_2": "Dry",
        ]
        guard case .valid(let made) = TrackerForm.validate(form) else { throw CancellationError() }
        let id = try await trackers.create(made.tracker)
        let stored = try #require(try trackers.tracker(id: id, access: .everyone))
        #expect(stored.input == made.tracker)
        #expect(try trackers.tracker(id: id, access: .only([])) == nil, "a member limited to other subjects")
        #expect(try trackers.fieldsWithValues(trackerID: id).isEmpty)
        // A record of it (the record path comes with the tracker record kind).
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO entry (subject_id, kind, occurred_at, local_date, created_at, updated_at) VALUES (?, 'diary', '2026-11-10 09:00:00', '2026-11-10', '2026-11-10 09:00:00', '2026-11-10 09:00:00');
                    INSERT INTO tracker_entry (entry_id, tracker_id) VALUES (last_insert_rowid(), ?);
                    INSERT INTO tracker_value (entry_id, field, number) SELECT entry_id, 'f1', 1250 FROM tracker_entry WHERE tracker_id = ?;
                    INSERT INTO tracker_value (entry_id, field, text) SELECT entry_id, 'f2', 'c2' FROM tracker_entry WHERE tracker_id = ?;
                    """, arguments: [nabi.id, id, id, id])
        }
        #expect(try trackers.fieldsWithValues(trackerID: id) == ["f1", "f2"])
        #expect(try trackers.chosenOptions(trackerID: id) == ["f2": ["c2"]], "the options records chose, by choice field")
        var kilos = form
        kilos.merge([
            "field_1_key": "f1", "field_2_key": "f2", "field_2_choice_1_key": "c1", "field_2_choice_2_key": "c2", "field_1_unit": "kg", "field_1_high": "5",
            "field_1_step": "0.001",
        ]) { $1 }
        guard case .valid(let changed) = TrackerForm.validate(kilos, existing: stored.input.fields, withValues: ["f1", "f2"]) else { throw CancellationError() }
        try await trackers.update(id: id, changed)
        let value = try database.read { db in try Double.fetchOne(db, sql: "SELECT number FROM tracker_value WHERE field = 'f1'") }
        #expect(value == 1.25)
        // The history says what changed, in the form's words, not the definition's JSON twice.
        let logged = try database.read { db in try String.fetchAll(db, sql: "SELECT changes FROM history WHERE tbl = 'tracker' AND action = 'update'") }
        #expect(logged == [#"{"fields":["Eaten (0–5000 g)","Eaten (0–5 kg)"]}"#], "\(logged)")
        #expect(
            try trackers.tracker(id: id, access: .everyone)?.input.fields.first?.kind
                == .number(NumberField(unit: "kg", low: 0, high: 5, step: 0.001, day: .sum)))
    }

    @Test("a backup restores trackers whole: the definition with its keys, regimen and ready-made name, and each record's values")
    func backupRoundTrip() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        let grandma = try await PersonRepository(database).create(PersonProfile(name: "할머니"), photo: nil)
        let trackers = TrackerRepository(database)
        let input = ReadyMadeTracker.bloodPressure.tracker { $0 }
        let id = try await trackers.create(input, readyMade: ReadyMadeTracker.bloodPressure.rawValue)
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        let values: [String: TrackerValue] = ["f1": .number(128), "f2": .number(82), "f4": .choice("c1")]
        _ = try await EntryRepository(database).create(
            subjectID: grandma.id,
            RecordInput(occurredAt: at, localDate: LocalDate(at, in: .gmt), note: "아침", details: .tracker(TrackerEntry(trackerID: id, values: values))),
            photos: [], createdBy: nil)
        let made = try Backup.make(database, dataDirectory: folder, into: folder + "/backups", now: at)
        #expect(made.manifest.tables["tracker_value"] == 3)
        try await trackers.delete(id: id)
        try database.close()

        _ = try Backup.restore(archive: made.path, dataDirectory: folder, now: at.addingTimeInterval(60))
        let restored = try AppDatabase.open(dataDirectory: folder)
        defer { try? restored.close() }
        let back = try #require(try TrackerRepository(restored).tracker(id: id, access: .everyone))
        #expect(back.input == input && back.readyMade == "blood_pressure")
        let record = try #require(try TrackerRepository(restored).kept(subjectID: grandma.id, species: nil, access: .everyone).first?.latest)
        guard case .tracker(let entry) = record.details else { throw CancellationError() }
        #expect(entry.values == values && record.note == "아침")
    }
}
