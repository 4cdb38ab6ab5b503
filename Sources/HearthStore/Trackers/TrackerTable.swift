import Foundation
import GRDB
import HearthCore

/// A tracker record's details: which tracker (`tracker_entry`) and a row a filled field
/// (`tracker_value`). Read back with the tracker as it is now, so its fields' names and
/// choices' words are today's while the values stay as recorded.
enum TrackerTable: RecordDetailsTable {
    static func write(entryID id: Int64, _ details: RecordDetails, now: Date, _ db: Database) throws {
        guard case .tracker(let record) = details else { return }
        // The tracker must be there, and be for this subject: one deleted, or another species',
        // since the form was drawn refuses the record rather than keep values nobody can read.
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT t.subjects, e.subject_id, p.species, t.fields FROM tracker t, entry e LEFT JOIN pet_profile p ON p.subject_id = e.subject_id
                        WHERE t.id = ? AND t.deleted_at IS NULL AND e.id = ?
                        """), arguments: [record.trackerID, id]),
            let subjects = TrackerSubjects(code: row[0]),
            subjects.includes(subjectID: row[1], species: (row[2] as String?).flatMap(Species.init(rawValue:)))
        else { throw StoreError.trackerNotFound }
        // Checked against the definition as it is in this same write: a unit changed from g to kg
        // between the check and the write once stored 5,000 g as 5,000 kg.
        if let checked = record.tracker, StoredTrackerField.fields(row[3]) != checked.fields { throw StoreError.trackerChanged }
        try db.cachedStatement(sql: "INSERT INTO tracker_entry (entry_id, tracker_id) VALUES (?, ?)").execute(arguments: [id, record.trackerID])
        let insert = try db.cachedStatement(sql: "INSERT INTO tracker_value (entry_id, field, number, text) VALUES (?, ?, ?, ?)")
        for (field, value) in record.values.sorted(by: { $0.key < $1.key }) {
            let (number, text) = stored(value)
            try insert.execute(arguments: [id, field, number, text])
        }
    }

    static func read(_ ids: IDList, _ db: Database) throws -> [Int64: ReadDetails] {
        var values: [Int64: [String: (Double?, String?)]] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT entry_id, field, number, text FROM tracker_value WHERE \(IDList.condition)"), arguments: ids.argument)
        while let row = try rows.next() { values[row[0], default: [:]][row[1]] = (row[2], row[3]) }
        var trackers: [Int64: TrackerInput] = [:]
        var found: [Int64: ReadDetails] = [:]
        let entries = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT te.entry_id, t.id, t.name, t.subjects, t.fields, t.regimen_id FROM tracker_entry te JOIN tracker t ON t.id = te.tracker_id
                    WHERE te.\(IDList.condition)
                    """), arguments: ids.argument)
        for row in entries {
            let trackerID: Int64 = row[1]
            if trackers[trackerID] == nil, let subjects = TrackerSubjects(code: row[3]) {
                trackers[trackerID] = TrackerInput(name: row[2], subjects: subjects, fields: StoredTrackerField.fields(row[4]), regimenID: row[5])
            }
            let tracker = trackers[trackerID]
            var read: [String: TrackerValue] = [:]
            for (key, stored) in values[row[0]] ?? [:] {
                if let value = value(stored, of: tracker?.field(key)) { read[key] = value }
            }
            found[row[0]] = ReadDetails(details: .tracker(TrackerEntry(trackerID: trackerID, values: read, tracker: tracker)))
        }
        return found
    }

    /// A value as its row keeps it: numbers (a step, seconds, yes as 1) in `number`, words in `text`.
    static func stored(_ value: TrackerValue) -> (Double?, String?) {
        switch value {
        case .number(let number): (number, nil)
        case .yes(let yes): (yes ? 1 : 0, nil)
        case .step(let step): (Double(step), nil)
        case .seconds(let seconds): (Double(seconds), nil)
        case .choice(let key): (nil, key)
        case .text(let text): (nil, text)
        }
    }

    /// A row read back by its field's kind; one whose field is gone entirely reads as what it holds.
    static func value(_ stored: (Double?, String?), of field: TrackerField?) -> TrackerValue? {
        let (number, text) = stored
        switch field?.kind {
        case .number: return number.map(TrackerValue.number)
        case .yesNo: return number.map { .yes($0 != 0) }
        case .scale: return number.flatMap { Int(exactly: $0) }.map(TrackerValue.step)
        case .duration: return number.flatMap { Int(exactly: $0) }.map(TrackerValue.seconds)
        case .choice: return text.map(TrackerValue.choice)
        case .text: return text.map(TrackerValue.text)
        case nil: return number.map(TrackerValue.number) ?? text.map(TrackerValue.text)
        }
    }
}
