import Foundation
import GRDB
import HearthCore

/// Keeps `search_doc` in step with the records: the triggers of migration v22 queue every
/// record written, and each write transaction ends by indexing what it queued (so a search
/// never sees a record's old words, and nothing is indexed twice).
enum SearchIndex {
    /// The labels a record's codes stand for: a code is its label's key with dots as
    /// underscores (`pets.colour.yellow` → `pets_colour_yellow`).
    static let labelPrefixes = [
        "pets.kind.", "pets.colour.", "pets.symptom.", "pets.activity.", "pets.outcome.", "pets.food_kind.", "pets.toilet.", "care.preventive.",
    ]

    static func code(_ key: String) -> String { key.replacingOccurrences(of: ".", with: "_") }

    /// What a record says in words (typed) and codes (chosen).
    static func document(_ entry: StoredEntry) -> (words: String, codes: [String]) {
        var text: [String?] = [entry.note]
        var keys = ["pets.kind.\(entry.kind.rawValue)"]
        switch entry.details {
        case .diary(let title, let body): text += [title, body]
        case .weight: break
        case .meal(_, _, _, let outcome):
            text.append(entry.foodName)
            keys.append("pets.outcome.\(outcome.rawValue)")
            if let kind = entry.foodKind { keys.append("pets.food_kind.\(kind.rawValue)") }
        case .toilet(let urine, let stool, let colour, _, let blood, let mucus):
            if let colour { keys.append("pets.colour.\(colour.rawValue)") }
            for (on, key) in [(urine, "urine"), (stool, "stool"), (blood, "blood"), (mucus, "mucus")] where on { keys.append("pets.toilet.\(key)") }
        case .vomit(_, let contents): text.append(contents)
        case .symptom(let signs, _, let description):
            text.append(description)
            keys += signs.map { "pets.symptom.\($0)" }
        case .walk(let activity, _, _): keys.append("pets.activity.\(activity.rawValue)")
        case .vaccination(let visit):
            text += visit.vaccines.map(\.name) + visit.vaccines.map(\.batch) + [visit.clinic?.name, visit.vet]
        case .preventive(let given):
            text.append(given.product)
            keys.append("care.preventive.\(given.kind.rawValue)")
        case .vetVisit(let visit):
            text += [visit.clinic?.name, visit.reason, visit.diagnosis, visit.treatment, visit.medicines]
        case .tracker(let record):
            // Its name, and what was typed or chosen in words (a choice's label as it reads now).
            text.append(record.tracker?.name)
            for (field, value) in record.filled {
                switch (value, field.kind) {
                case (.text(let typed), _): text.append(typed)
                case (.choice(let key), .choice(let choices)), (.choice(let key), .scale(let choices)): text.append(choices.first { $0.key == key }?.label)
                default: break
                }
            }
        }
        return (SearchText.indexed(text.compactMap { $0 }.joined(separator: " ")), keys.map(code))
    }

    /// The rowid a record's document takes: its second, then its id, so rowid order is time order.
    static func rowid(_ entry: StoredEntry) -> Int64 {
        (Int64(entry.occurredAt.timeIntervalSince1970.rounded(.down)) << 20) | (entry.id & 0xFFFFF)
    }

    /// The first rowid of the second `date` falls in (for a range of days).
    static func rowid(at date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) << 20 }

    /// Indexes the records queued in this transaction, a batch at a time.
    static func catchUp(_ db: Database) throws {
        while true {
            let ids = try Int64.fetchAll(db.cachedStatement(sql: "SELECT entry_id FROM search_pending LIMIT 2000"))
            guard !ids.isEmpty else { return }
            let list = IDList(ids: ids)
            try db.execute(
                sql: "DELETE FROM search_doc WHERE rowid IN (SELECT doc FROM search_record WHERE \(IDList.condition))", arguments: list.argument)
            try db.execute(sql: "DELETE FROM search_record WHERE \(IDList.condition)", arguments: list.argument)
            let entries = try EntryRepository.fetch(
                db, where: "e.id IN (SELECT value FROM json_each(?)) AND e.deleted_at IS NULL", arguments: list.argument, limit: ids.count)
            let taken = try db.cachedStatement(sql: "SELECT 1 FROM search_doc WHERE rowid = ?")
            let insert = try db.cachedStatement(
                sql: "INSERT INTO search_doc(rowid, words, codes, entry_id, subject_id, kind) VALUES (?, ?, ?, ?, ?, ?)")
            let remember = try db.cachedStatement(sql: "INSERT INTO search_record(entry_id, doc) VALUES (?, ?)")
            for entry in entries {
                let (words, codes) = document(entry)
                // Two records in one second whose ids agree in their last 20 bits: the next free one.
                var rowid = rowid(entry)
                while try Bool.fetchOne(taken, arguments: [rowid]) ?? false { rowid += 1 }
                try insert.execute(arguments: [rowid, words, codes.joined(separator: " "), entry.id, entry.subjectID, entry.kind.rawValue])
                try remember.execute(arguments: [entry.id, rowid])
            }
            try db.execute(sql: "DELETE FROM search_pending WHERE \(IDList.condition)", arguments: list.argument)
        }
    }
}
