import Foundation
import HearthCore
import HearthImaging
import HearthStore

/// `hearth seed-demo`: a realistic household for trying Hearth out and for benchmarks:
/// three pets, ten years, about eight records a day each, photos from a few pictures.
public enum DemoHousehold {
    public static let username = "demo"
    public static let password = "demo-household"

    public struct Summary: Sendable {
        public var pets = 0
        public var people = 0
        public var records = 0
        public var photos = 0
        public var doses = 0
    }

    /// `now` stands the household's clock (tests compare pages seeded at one fixed moment);
    /// `people` and `pets`, when given, grow it into a care home of that many (`CareHomeDemo`).
    public static func seed(
        dataDirectory: String, photos pictures: [[UInt8]], years: Int = 10, now: Date = Date(), people: Int? = nil, pets: Int? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> Summary {
        let careHome = people == nil && pets == nil ? nil : CareHomeDemo.Size(people: people ?? 0, pets: pets ?? 0)
        return try await seed(dataDirectory: dataDirectory, photos: pictures, years: years, now: now, areas: .standard, careHome: careHome, log: log)
    }

    /// The household every area of `areas` adds its part to.
    static func seed(
        dataDirectory: String, photos pictures: [[UInt8]], years: Int, now: Date, areas: AreaList, careHome: CareHomeDemo.Size? = nil,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> Summary {
        let database = try AppDatabase.open(dataDirectory: dataDirectory)
        defer { try? database.close() }
        let timeZone = TimeZone(identifier: "Asia/Seoul")!
        let hasher = PasswordHasher(cost: 12)
        let hash = try await hasher.hash(password)
        let accounts = AccountRepository(database)
        let owner: Account
        if try await HouseholdRepository(database).settings() == nil {
            owner = try await HouseholdRepository(database).setUp(
                HouseholdSettings(name: "Demo household", timeZone: timeZone.identifier, language: .en),
                owner: NewMember(username: username, displayName: "Demo", password: password, role: .owner), passwordHash: hash)
        } else if let existing = try await accounts.account(username: username) {
            try await accounts.setPasswordHash(hash, accountID: existing.id!)
            owner = existing
        } else {
            owner = try await accounts.create(NewMember(username: username, displayName: "Demo", password: password, role: .owner), passwordHash: hash)
        }

        // A few photos, processed once; the records share them (content-addressed).
        let files = try PhotoFiles(dataDirectory: dataDirectory)
        var photos: [PhotoRecord] = []
        for picture in pictures {
            let data = Data(picture)
            let photo = try PhotoProcessor.process(picture)
            let copy = (files.temporary as NSString).appendingPathComponent("demo-\(UUID().uuidString)")
            try data.write(to: URL(fileURLWithPath: copy))
            try files.store(photo, uploadedAt: copy)
            try? FileManager.default.removeItem(atPath: copy)
            photos.append(
                PhotoRecord(
                    sha256: photo.sha256, format: photo.format.rawValue, width: photo.width, height: photo.height, byteCount: photo.byteCount,
                    takenAt: photo.takenAt))
        }
        log("\(photos.count) photos processed")

        let today = LocalDate(now, in: timeZone)
        let first = today.minus(years: years)
        let demo = DemoContext(
            database: database, owner: owner, timeZone: timeZone, first: first, today: today, now: now, photos: photos, log: log)
        demo.careHome = careHome
        demo.summary.photos = photos.count
        for step in areas.demoSteps { try await step.seed(demo) }
        return demo.summary
    }

}

/// One area's part of the demo household, in its own folder (`PetsDemo`, `HealthDemo` …),
/// handed over by the area (`AreaCards.demo`). The steps run by rank, in the order they build
/// on each other (the clinics before the pets' vet visits; the regimens add subjects after the
/// people), and share one generator, so every demo household is the same.
protocol DemoStep: SendableMetatype {
    static var rank: Int { get }
    static func seed(_ demo: DemoContext) async throws
}

/// What the demo's steps share as they seed the household in order: where and when, the
/// owner, the photos, one generator, what earlier steps made (the clinics), and the counts.
final class DemoContext {
    let database: AppDatabase
    let owner: Account
    let timeZone: TimeZone
    let first: LocalDate
    let today: LocalDate
    let now: Date
    let photos: [PhotoRecord]
    let log: @Sendable (String) -> Void
    var random = SeededRandom(seed: 42)
    var clinics: (regular: Int64, night: Int64) = (0, 0)
    var careHome: CareHomeDemo.Size?
    var summary = DemoHousehold.Summary()

    init(
        database: AppDatabase, owner: Account, timeZone: TimeZone, first: LocalDate, today: LocalDate, now: Date, photos: [PhotoRecord],
        log: @escaping @Sendable (String) -> Void
    ) {
        (self.database, self.owner, self.timeZone, self.first, self.today, self.now, self.photos, self.log) =
            (database, owner, timeZone, first, today, now, photos, log)
    }
}
