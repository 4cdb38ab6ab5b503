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

    /// `now` stands the household's clock (tests compare pages seeded at one fixed moment).
    public static func seed(
        dataDirectory: String, photos pictures: [[UInt8]], years: Int = 10, now: Date = Date(), log: @Sendable (String) -> Void = { _ in }
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
        let clinics = try await seedClinics(database)
        var summary = Summary(pets: cast.count, records: 0, photos: photos.count)
        var random = SeededRandom(seed: 42)
        for (index, (profile, baseGrams)) in cast.enumerated() {
            let pet = try await pets.create(profile, photo: photos.isEmpty ? nil : photos[index % photos.count])
            try await foods.setPreference(.loves, subjectID: pet.id, foodID: chicken)
            if profile.species == .rabbit { try await foods.setPreference(.allergic, subjectID: pet.id, foodID: chicken) }
            if profile.species != .rabbit {
                try await CareRepository(database).setFeeding(petID: pet.id, FeedingSettings(mealsPerDay: 2, foodID: kibble))
            }
            let vaccines: [(code: String, name: String, everyDays: Int)] =
                switch profile.species {
                case .dog: [("dog.dapp", "DAPP", 1095), ("dog.rabies", "Rabies", 365)]
                case .cat: [("cat.fvrcp", "FVRCP", 1095), ("cat.rabies", "Rabies", 365)]
                default: [("rabbit.myxo_rhd", "Myxomatosis + RHD1/RHD2", 365)]
                }
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
                at(
                    "10:00",
                    .walk(
                        activity: .walk, minutes: 20 + random.next(upTo: 40), distanceKm: profile.species == .dog ? 1 + Double(random.next(upTo: 30)) / 10 : nil
                    ))
                at("15:00", .meal(food: .existing(id: dayNumber % 2 == 0 ? chicken : carrot), amount: 2, unit: .pieces, outcome: .all))
                at("17:30", .walk(activity: .play, minutes: 10 + random.next(upTo: 20), distanceKm: nil))
                at("18:30", .meal(food: .existing(id: wet), amount: baseGrams / 80, unit: .g, outcome: .all))
                at("19:30", .toilet(urine: true, stool: false, colour: .yellow, fecalScore: nil, blood: false, mucus: false))
                if dayNumber % 2 == 1 { at("20:30", .meal(food: .existing(id: carrot), amount: 1, unit: .pieces, outcome: .all)) }
                if dayNumber % 3 == 0 {
                    at(
                        "21:00", .diary(title: "Day \(dayNumber + 1)", text: "A good day for \(profile.name)."),
                        photos: photos.isEmpty ? [] : [photos[random.next(upTo: photos.count)]])
                }
                if dayNumber % 7 == 0 {
                    grams = max(baseGrams * 0.8, min(baseGrams * 1.2, grams + Double(random.next(upTo: 41) - 20) * baseGrams / 2000))
                    at("09:00", .weight(value: (grams / profile.weightUnit.gramsPerUnit * 100).rounded() / 100, unit: profile.weightUnit))
                }
                if dayNumber % 41 == 5 { at("13:00", .symptom(signs: ["sneezing"], severity: 1, description: nil)) }
                if dayNumber % 67 == 9 { at("06:40", .vomit(times: 1, contents: "hairball")) }
                // Care: boosters on their cycles, a monthly heartworm pill, a visit every four months.
                let given = vaccines.filter { dayNumber % $0.everyDays == 100 }
                if !given.isEmpty {
                    at(
                        "11:00",
                        .vaccination(
                            VaccinationVisit(
                                vaccines: given.map { VaccineGiven(code: $0.code, name: $0.name, batch: "L\(dayNumber)") },
                                clinic: ClinicChoice(id: clinics.regular, name: ""), vet: "Dr Han")))
                }
                if profile.species != .rabbit && dayNumber % 30 == 3 {
                    at("08:30", .preventive(PreventiveGiven(kind: .heartworm, product: "Heartgard Plus", cycle: .months(1))))
                }
                if dayNumber % 120 == 60 {
                    at(
                        "16:00",
                        .vetVisit(
                            VetVisit(
                                clinic: ClinicChoice(id: dayNumber % 240 == 60 ? clinics.regular : clinics.night, name: ""), reason: "Check-up",
                                diagnosis: "Healthy", treatment: nil, medicines: dayNumber % 360 == 60 ? "Ear drops, twice a day for a week" : nil,
                                cost: Double(30_000 + random.next(upTo: 50) * 1000), followUp: nil)))
                }
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
        summary.people = try await seedPeople(database, from: first, to: today, timeZone: timeZone, owner: owner, random: &random, summary: &summary)
        summary.doses = try await seedRegimens(database, from: first, to: today, timeZone: timeZone, owner: owner, random: &random, summary: &summary, log: log)
        try await seedRecipes(database, owner: owner.id!)
        return summary
    }

    /// A clinic directory: the household's own (a favourite, a night clinic, a 24-hour one)
    /// and forty from the licence register across a few districts.
    static func seedClinics(_ database: AppDatabase) async throws -> (regular: Int64, night: Int64) {
        let clinics = ClinicRepository(database)
        var weekdays = OpeningHours()
        for day in 1...5 { weekdays.days[day] = OpeningHours.parseDay("09:00-12:30, 14:00-19:00")! }
        weekdays.days[6] = OpeningHours.parseDay("09:00-14:00")!
        let regular = try await clinics.create(
            ClinicInput(
                name: "Mapo Animal Clinic", phone: "02-335-1234", address: "서울특별시 마포구 양화로 45", hours: weekdays, favourite: true, note: "Dr Han knows Bori."))
        var nights = OpeningHours()
        for day in 0..<7 { nights.days[day] = OpeningHours.parseDay("20:00-02:00")! }
        let night = try await clinics.create(ClinicInput(name: "Hongdae Night Vet", phone: "02-322-7575", address: "서울특별시 마포구 와우산로 21", hours: nights))
        _ = try await clinics.create(
            ClinicInput(name: "Seoul 24 Animal Medical Center", phone: "02-555-2424", address: "서울특별시 강남구 테헤란로 100", open24Hours: true))
        let districts = ["서울특별시 마포구", "서울특별시 서대문구", "서울특별시 강남구", "경기도 고양시 일산동구"]
        let register = (1...40).map { number in
            LicensedClinic(
                key: "demo-\(number)", name: number % 10 == 0 ? "24시 동물병원 \(number)" : "동물병원 \(number)", phone: "02-700-\(String(format: "%04d", number))",
                address: "\(districts[number % districts.count]) 예시로 \(number)", district: districts[number % districts.count], maybe24Hours: number % 10 == 0,
                mapX: nil, mapY: nil)
        }
        _ = try await clinics.importLicensed(register)
        return (regular, night)
    }

    /// Two people with ten years of days: steps on most days (with holidays where the phone
    /// stayed home), water, a weighing a week, and goals that changed a few times.
    static func seedPeople(
        _ database: AppDatabase, from first: LocalDate, to today: LocalDate, timeZone: TimeZone, owner: Account,
        random: inout SeededRandom, summary: inout Summary
    ) async throws -> Int {
        let people = PersonRepository(database), daily = DailyRepository(database), entries = EntryRepository(database)
        let cast: [(PersonProfile, steps: Int, kilograms: Double)] = [
            (PersonProfile(name: "Mina", birthDate: LocalDate(year: 1986, month: 5, day: 1), sex: .female, colour: .teal, accountID: owner.id), 8000, 58),
            (PersonProfile(name: "Jun", birthDate: LocalDate(year: 1984, month: 9, day: 12), sex: .male, colour: .orange), 6500, 76),
        ]
        let totalDays = today.daysSince1970 - first.daysSince1970
        for (profile, baseSteps, baseKilograms) in cast {
            let person = try await people.create(profile, photo: nil, now: first.noon(in: timeZone))
            // Goals that changed: a start, a step goal raised, a bigger glass, a weight range.
            let changes = [
                (first, DailyGoals(waterML: 1500, cupML: 200, steps: baseSteps)),
                (first.adding(days: totalDays / 3), DailyGoals(waterML: 2000, cupML: 250, steps: baseSteps + 2000)),
                (
                    first.adding(days: totalDays * 2 / 3),
                    DailyGoals(
                        waterML: 2000, cupML: 300, steps: baseSteps + 2000,
                        weightRangeGrams: (baseKilograms - 4) * 1000...(baseKilograms + 3) * 1000)
                ),
            ]
            for (day, goals) in changes { try await daily.setGoals(goals, subjectID: person.id, from: day) }
            var days: [(day: LocalDate, waterML: Int, steps: Int?)] = []
            var weighings: [(RecordInput, [PhotoRecord])] = []
            var kilograms = baseKilograms
            var day = first
            var number = 0
            while day <= today {
                let holiday = (number % 365) >= 200 && (number % 365) < 214
                if !holiday && random.next(upTo: 10) != 0 {
                    let steps = max(300, baseSteps + random.next(upTo: 9000) - 4000)
                    days.append((day, 250 * (4 + random.next(upTo: 6)), steps))
                }
                if number % 7 == 3 {
                    kilograms = max(baseKilograms - 6, min(baseKilograms + 6, kilograms + Double(random.next(upTo: 11) - 5) / 10))
                    weighings.append(
                        (
                            RecordInput(
                                occurredAt: day.noon(in: timeZone).addingTimeInterval(-5 * 3600), localDate: day, note: nil,
                                details: .weight(value: (kilograms * 10).rounded() / 10, unit: .kg)), []
                        ))
                }
                day = day.adding(days: 1)
                number += 1
            }
            try await daily.setDays(days, subjectID: person.id)
            try await entries.createMany(subjectID: person.id, weighings, createdBy: owner.id)
            summary.records += weighings.count
        }
        return cast.count
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
