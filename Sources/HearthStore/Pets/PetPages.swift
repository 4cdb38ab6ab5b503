import Foundation
import GRDB
import HearthCore

/// Which records a timeline page shows: kinds (all when empty), local days from `from`
/// to `to`, and only those older than `before`.
public struct TimelineFilter: Sendable, Equatable {
    public var kinds: [EntryKind]
    public var from: LocalDate?
    public var to: LocalDate?
    public var before: TimelineCursor?

    public init(kinds: [EntryKind] = [], from: LocalDate? = nil, to: LocalDate? = nil, before: TimelineCursor? = nil) {
        self.kinds = kinds
        self.from = from
        self.to = to
        self.before = before
    }
}

/// What a pet's page shows: the pet, its latest weight, one day's records, its newest
/// photos and its food preferences.
public struct PetOverview: Sendable {
    public let pet: Pet
    public let latestWeight: StoredEntry?
    public let day: [StoredEntry]
    public let photos: [String]
    public let foods: [(food: Food, preference: FoodPreference?)]
    public let care: PetCare
}

/// The two busiest pages, each read in one go from one snapshot: a page never shows a pet
/// beside records from another moment, and each read through the pool has a fixed cost
/// (a transaction, a schema check) that a page pays once instead of three times.
public struct PetPages: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// nil when there is no such pet.
    public func overview(petID: Int64, access: SubjectAccess, day: LocalDate, photos: Int = 8) async throws -> PetOverview? {
        try database.read { db in
            guard let pet = try PetRepository.pet(id: petID, access: access, db) else { return nil }
            let records = try EntryRepository.overview(subjectID: petID, day: day, photos: photos, db)
            return PetOverview(
                pet: pet, latestWeight: records.latestWeight, day: records.day, photos: records.photos,
                foods: try FoodRepository.foods(for: petID, db), care: try CareRepository.care(pet, today: day, db))
        }
    }

    /// A pet and a page of its timeline, newest first; nil when there is no such pet.
    /// A pet's timeline page with its doses, routines and appointments merged in (`SubjectTimeline`).
    public func mergedTimeline(
        petID: Int64, access: SubjectAccess, _ filter: TimelineFilter, before: MergedCursor?, limit: Int, timeZone: TimeZone, now: Date
    ) throws -> (pet: Pet, items: [SubjectTimeline.Item], older: MergedCursor?)? {
        try database.snapshot { snapshot in
            guard let pet = try PetRepository.pet(id: petID, access: access, snapshot.db) else { return nil }
            let page = try SubjectTimeline.page(
                subjectID: petID, isPerson: false, access: access, filter: filter, before: before, limit: limit, timeZone: timeZone, now: now, snapshot)
            return (pet, page.items, page.older)
        }
    }

    public func timeline(petID: Int64, access: SubjectAccess, _ filter: TimelineFilter, limit: Int) async throws -> (pet: Pet, entries: [StoredEntry])? {
        try database.read { db in
            guard let pet = try PetRepository.pet(id: petID, access: access, db) else { return nil }
            return (pet, try EntryRepository.timeline(subjectID: petID, filter, limit: limit, db))
        }
    }
}
