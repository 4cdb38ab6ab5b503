import Foundation
import HearthCore
import HearthStore

/// The demo's pets: three animals, their foods and likes, and about eight records a day each
/// for all the years (meals, toilets, walks, a diary every third day, a weighing a week, and
/// their care: boosters, a monthly heartworm pill, a vet visit every four months).
enum PetsDemo: DemoStep {
    static let rank = 20

    static func seed(_ demo: DemoContext) async throws {
        let (database, first, today, timeZone, now, owner, clinics, photos, log) =
            (demo.database, demo.first, demo.today, demo.timeZone, demo.now, demo.owner, demo.clinics, demo.photos, demo.log)
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
        demo.summary.pets += cast.count
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
                    let minute = demo.random.next(upTo: 20)
                    let parts = time.split(separator: ":")
                    let clock = String(format: "%02d:%02d", Int(parts[0])!, min(59, Int(parts[1])! + minute))
                    guard case .success(let instant) = LocalTime.instant(date: day.description, time: clock, in: timeZone), instant <= now else { return }
                    batch.append((RecordInput(occurredAt: instant, localDate: day, note: note, details: details), attached))
                }
                at("07:20", .meal(food: .existing(id: kibble), amount: baseGrams / 100, unit: .g, outcome: demo.random.next(upTo: 10) == 0 ? .some : .all))
                at("08:00", .toilet(urine: true, stool: true, colour: .brown, fecalScore: 2 + demo.random.next(upTo: 2), blood: false, mucus: false))
                at(
                    "10:00",
                    .walk(
                        activity: .walk, minutes: 20 + demo.random.next(upTo: 40),
                        distanceKm: profile.species == .dog ? 1 + Double(demo.random.next(upTo: 30)) / 10 : nil
                    ))
                at("15:00", .meal(food: .existing(id: dayNumber % 2 == 0 ? chicken : carrot), amount: 2, unit: .pieces, outcome: .all))
                at("17:30", .walk(activity: .play, minutes: 10 + demo.random.next(upTo: 20), distanceKm: nil))
                at("18:30", .meal(food: .existing(id: wet), amount: baseGrams / 80, unit: .g, outcome: .all))
                at("19:30", .toilet(urine: true, stool: false, colour: .yellow, fecalScore: nil, blood: false, mucus: false))
                if dayNumber % 2 == 1 { at("20:30", .meal(food: .existing(id: carrot), amount: 1, unit: .pieces, outcome: .all)) }
                if dayNumber % 3 == 0 {
                    at(
                        "21:00", .diary(title: "Day \(dayNumber + 1)", text: "A good day for \(profile.name)."),
                        photos: photos.isEmpty ? [] : [photos[demo.random.next(upTo: photos.count)]])
                }
                if dayNumber % 7 == 0 {
                    grams = max(baseGrams * 0.8, min(baseGrams * 1.2, grams + Double(demo.random.next(upTo: 41) - 20) * baseGrams / 2000))
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
                                cost: Double(30_000 + demo.random.next(upTo: 50) * 1000), followUp: nil)))
                }
                day = day.adding(days: 1)
                dayNumber += 1
                if batch.count >= 5000 || day > today {
                    try await entries.createMany(subjectID: pet.id, batch, createdBy: owner.id)
                    demo.summary.records += batch.count
                    batch.removeAll(keepingCapacity: true)
                }
            }
            log("\(profile.name): \(dayNumber) days")
        }
    }
}
