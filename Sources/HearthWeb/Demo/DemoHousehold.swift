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
        public var records = 0
        public var photos = 0
    }

    public static func seed(dataDirectory: String, photos pictures: [[UInt8]], years: Int = 10, log: @Sendable (String) -> Void = { _ in }) async throws -> Summary {
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
            photos.append(PhotoRecord(sha256: photo.sha256, format: photo.format.rawValue, width: photo.width, height: photo.height, byteCount: photo.byteCount, takenAt: photo.takenAt))
        }
        log("\(photos.count) photos processed")

        let today = LocalDate(Date(), in: timeZone)
        let first = today.minus(years: years)
        let pets = PetRepository(database)
        let foods = FoodRepository(database)
        let entries = EntryRepository(database)
        let kibble = try await foods.create(name: "Kibble", kind: .food, kcalPer100g: 380)
        let wet = try await foods.create(name: "Wet food", kind: .food, kcalPer100g: 90)
        let chicken = try await foods.create(name: "Chicken jerky", kind: .treat, kcalPer100g: 320)
        let carrot = try await foods.create(name: "Carrot", kind: .snack, kcalPer100g: 41)
        let cast: [(PetProfile, Double)] = [
            (PetProfile(name: "Bori", species: .dog, breed: "Jindo", sex: .female, birthDate: first.minus(years: 1), neutered: true), 14_000),
            (PetProfile(name: "Nabi", species: .cat, breed: "Korean shorthair", sex: .male, birthDate: first, neutered: true), 4_200),
            (PetProfile(name: "Dubu", species: .rabbit, sex: .female, birthDate: first), 1_900),
        ]
        var summary = Summary(pets: cast.count, records: 0, photos: photos.count)
        var random = SeededRandom(seed: 42)
        let now = Date()
        for (index, (profile, baseGrams)) in cast.enumerated() {
            let pet = try await pets.create(profile, photo: photos.isEmpty ? nil : photos[index % photos.count])
            try await foods.setPreference(.loves, subjectID: pet.id, foodID: chicken)
            if profile.species == .rabbit { try await foods.setPreference(.allergic, subjectID: pet.id, foodID: chicken) }
            var grams = baseGrams
            var day = first
            var batch: [(RecordInput, [PhotoRecord])] = []
            var dayNumber = 0
            while day <= today {
                func at(_ time: String, _ details: RecordDetails, note: String? = nil, photos attached: [PhotoRecord] = []) {
                    let minute = random.next(upTo: 20)
                    let parts = time.split(separator: ":")
                    let clock = String(format: "%02d:%02d", Int(parts[0])!, min(59, Int(parts[1])! + minute))
                    guard case .success(let instant) = LocalTime.instant(date: day.description, time: clock, in: timeZone), instant <= now else { return }
                    batch.append((RecordInput(occurredAt: instant, localDate: day, note: note, details: details), attached))
                }
                at("07:20", .meal(food: .existing(id: kibble), amount: baseGrams / 100, unit: .g, outcome: random.next(upTo: 10) == 0 ? .some : .all))
                at("08:00", .toilet(urine: true, stool: true, colour: .brown, fecalScore: 2 + random.next(upTo: 2), blood: false, mucus: false))
                at("10:00", .walk(activity: .walk, minutes: 20 + random.next(upTo: 40), distanceKm: profile.species == .dog ? 1 + Double(random.next(upTo: 30)) / 10 : nil))
                at("15:00", .meal(food: .existing(id: dayNumber % 2 == 0 ? chicken : carrot), amount: 2, unit: .pieces, outcome: .all))
                at("17:30", .walk(activity: .play, minutes: 10 + random.next(upTo: 20), distanceKm: nil))
                at("18:30", .meal(food: .existing(id: wet), amount: baseGrams / 80, unit: .g, outcome: .all))
                at("19:30", .toilet(urine: true, stool: false, colour: .yellow, fecalScore: nil, blood: false, mucus: false))
                if dayNumber % 2 == 1 { at("20:30", .meal(food: .existing(id: carrot), amount: 1, unit: .pieces, outcome: .all)) }
                if dayNumber % 3 == 0 {
                    at("21:00", .diary(title: "Day \(dayNumber + 1)", text: "A good day for \(profile.name)."),
                       photos: photos.isEmpty ? [] : [photos[random.next(upTo: photos.count)]])
                }
                if dayNumber % 7 == 0 {
                    grams = max(baseGrams * 0.8, min(baseGrams * 1.2, grams + Double(random.next(upTo: 41) - 20) * baseGrams / 2000))
                    at("09:00", .weight(value: (grams / profile.weightUnit.gramsPerUnit * 100).rounded() / 100, unit: profile.weightUnit))
                }
                if dayNumber % 41 == 5 { at("13:00", .symptom(signs: ["sneezing"], severity: 1, description: nil)) }
                if dayNumber % 67 == 9 { at("06:40", .vomit(times: 1, contents: "hairball")) }
                day = day.adding(days: 1)
                dayNumber += 1
                if batch.count >= 5000 || day > today {
                    try await entries.createMany(subjectID: pet.id, batch, createdBy: owner.id)
                    summary.records += batch.count
                    batch.removeAll(keepingCapacity: true)
                }
            }
            log("\(profile.name): \(dayNumber) days")
        }
        return summary
    }
}

/// A small deterministic generator (SplitMix64), so every demo household is the same.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(1, bound)))
    }
}
