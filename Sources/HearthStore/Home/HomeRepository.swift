import Foundation
import GRDB
import HearthCore

/// A pet's today on the home page: how many records of each kind so far, and its latest weight.
public struct PetToday: Sendable {
    public let subject: SubjectSummary
    public let records: [EntryKind: Int]
    public let latestWeightGrams: Double?
}

/// A person's today on the home page.
public struct PersonToday: Sendable {
    public let subject: SubjectSummary
    public let day: PersonDay
}

/// Everything the home page shows, read in one go from one snapshot.
public struct HomeToday: Sendable {
    public let people: [PersonToday]
    public let pets: [PetToday]
    /// The household's newest photos, newest first, with the place each has in the gallery.
    public let photos: [(sha: String, place: GalleryPlace)]
    /// Vaccines, preventives and follow-ups overdue or due within a week.
    public let careDue: [CareDue]
}

public struct HomeRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public func today(_ day: LocalDate, access: SubjectAccess, photos limit: Int = 8) throws -> HomeToday {
        try database.read { db in
            let subjects = try SubjectRepository.subjects(access: access, db)
            var counts: [Int64: [EntryKind: Int]] = [:]
            if !subjects.isEmpty {
                // INDEXED BY: for the GROUP BY's order SQLite chose the (subject, kind) index and
                // walked every record of each pet, 16 ms for the demo household; by day and kind
                // (which covers the count), 34 µs.
                for row in try Row.fetchAll(
                    db,
                    sql: """
                        SELECT subject_id, kind, count(*) AS n FROM entry INDEXED BY entry_kinds_by_day
                        WHERE subject_id IN (\(subjects.map { String($0.id) }.joined(separator: ","))) AND local_date = ? AND deleted_at IS NULL
                        GROUP BY subject_id, kind
                        """, arguments: [day.description])
                {
                    if let kind = EntryKind(rawValue: row["kind"]) { counts[row["subject_id"], default: [:]][kind] = row["n"] }
                }
            }
            var people: [PersonToday] = [], pets: [PetToday] = []
            var newest: [(at: Date, sha: String, place: GalleryPlace)] = []
            for subject in subjects {
                switch subject.kind {
                case .person:
                    people.append(PersonToday(subject: subject, day: try DailyRepository.day(subjectID: subject.id, on: day, db)))
                case .pet:
                    let weight = try EntryRepository.latestWeightGrams(subjectID: subject.id, db)
                    pets.append(PetToday(subject: subject, records: counts[subject.id] ?? [:], latestWeightGrams: weight))
                }
                // Each subject's newest from its photo index, then merged: no sort of every photo.
                newest += try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT e.occurred_at, p.photo_sha, e.id, p.position FROM entry e JOIN entry_photo p ON p.entry_id = e.id
                            WHERE e.subject_id = ? AND e.deleted_at IS NULL AND e.photo_count > 0
                            ORDER BY e.occurred_at DESC, e.id DESC, p.position LIMIT ?
                            """), arguments: [subject.id, limit]
                ).map { ($0[0], $0[1], GalleryPlace(entryID: $0[2], position: $0[3])) }
            }
            var seen = Set<String>()
            let photos = newest.sorted { $0.at > $1.at }.filter { seen.insert($0.sha).inserted }.map { ($0.sha, $0.place) }.prefix(limit)
            let careDue = try CareRepository.due(access: access, today: day, db).filter { $0.date <= day.adding(days: 7) }
            return HomeToday(people: people, pets: pets, photos: Array(photos), careDue: careDue)
        }
    }
}
