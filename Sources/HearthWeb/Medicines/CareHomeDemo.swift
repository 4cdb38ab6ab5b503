import Foundation
import HearthCore
import HearthStore

/// `hearth seed-demo --people 100 --pets 20`: the demo household grown into a care home, to
/// measure the pages where a household is large. Residents are added until there are that many
/// people, each with 4–6 regimens on the care home's four medicine rounds for all the years, a
/// weighing a month and water most days; pets until there are that many, each with a daily
/// supplement, a monthly heartworm pill and a weighing a month. Part of the medicines' step
/// because a care home is its regimens.
enum CareHomeDemo {
    /// How big a household `seed-demo` makes: nil is the usual family.
    struct Size: Sendable {
        var people: Int
        var pets: Int
    }

    /// The plans a resident's 4–6 are drawn from: name, rule, minutes of the day, item, amount, unit.
    static let plans: [(String, CareSchedule.Repeat, [Int], String, Double, String)] = [
        ("Blood pressure", .daily, [480], "Amlodipine 5 mg", 1, "tablet"),
        ("Diabetes", .daily, [480, 1080], "Metformin 500 mg", 1, "tablet"),
        ("Cholesterol", .daily, [1260], "Atorvastatin 10 mg", 1, "tablet"),
        ("Heart", .daily, [720], "Aspirin 100 mg", 1, "tablet"),
        ("Vitamin D", .weekdays([2]), [720], "Vitamin D 1000 IU", 1, "capsule"),
        ("Sleep", .daily, [1260], "Zolpidem 5 mg", 1, "tablet"),
        ("Eye drops", .daily, [480, 720, 1080], "Artificial tears", 1, "drop"),
        ("Pain", .asNeeded(minimumMinutes: 6 * 60), [], "Acetaminophen 500 mg", 1, "tablet"),
    ]

    static let familyNames = ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim"]
    static let givenNames = ["Young-ja", "Soon-ja", "Jung-sook", "Young-soo", "Sang-chul", "Ok-soon", "Myung-ja", "Byung-ho", "Kyung-hee", "Jong-su"]

    static func seed(_ demo: DemoContext, size: Size) async throws {
        let database = demo.database, timeZone = demo.timeZone, first = demo.first, today = demo.today
        let people = PersonRepository(database), pets = PetRepository(database), regimens = RegimenRepository(database)
        let daily = DailyRepository(database), entries = EntryRepository(database)
        let givers = [demo.owner.id!]
        var resident = 0
        while demo.summary.people < size.people {
            let name = familyNames[resident / givenNames.count % familyNames.count] + " " + givenNames[resident % givenNames.count]
            let person = try await people.create(
                PersonProfile(
                    name: resident < 100 ? name : "\(name) \(resident / 100 + 1)",
                    birthDate: LocalDate(year: 1930 + resident % 20, month: 1 + resident % 12, day: 1)),
                photo: nil, now: first.noon(in: timeZone))
            var chosen = Array(plans.indices)
            for _ in 0..<(plans.count - 4 - demo.random.next(upTo: 3)) { chosen.remove(at: demo.random.next(upTo: chosen.count)) }
            for index in chosen {
                let (name, rule, times, item, amount, unit) = plans[index]
                demo.summary.doses += try await DemoHousehold.seedRegimen(
                    regimens, subjectID: person.id, name: name, rule: rule, times: times, item: RegimenItemInput(name: item, amount: amount, unit: unit),
                    from: first, to: today, timeZone: timeZone, givers: givers, random: &demo.random)
            }
            try await seedMonthly(demo, subjectID: person.id, kilograms: 50 + Double(demo.random.next(upTo: 25)), entries: entries)
            var days: [(day: LocalDate, waterML: Int, steps: Int?)] = []
            var day = first
            while day <= today {
                if demo.random.next(upTo: 10) != 0 { days.append((day, 200 * (4 + demo.random.next(upTo: 5)), nil)) }
                day = day.adding(days: 1)
            }
            try await daily.setDays(days, subjectID: person.id)
            demo.summary.people += 1
            resident += 1
            if resident % 10 == 0 { demo.log("\(resident) residents") }
        }
        let species: [Species] = [.dog, .cat]
        var pet = 0
        while demo.summary.pets < size.pets {
            let animal = try await pets.create(
                PetProfile(name: "Resident pet \(pet + 1)", species: species[pet % species.count]), photo: nil, now: first.noon(in: timeZone))
            for (name, rule, times, item) in [
                ("Joint supplement", CareSchedule.Repeat.daily, [480], "Glucosamine"), ("Heartworm", .everyMonths(1), [600], "Heartworm chew"),
            ] {
                demo.summary.doses += try await DemoHousehold.seedRegimen(
                    regimens, subjectID: animal.id, name: name, rule: rule, times: times, item: RegimenItemInput(name: item, amount: 1, unit: "piece"),
                    from: first, to: today, timeZone: timeZone, givers: givers, random: &demo.random)
            }
            try await seedMonthly(demo, subjectID: animal.id, kilograms: 4 + Double(demo.random.next(upTo: 20)), entries: entries)
            demo.summary.pets += 1
            pet += 1
        }
    }

    /// A weighing on the first of each month, wandering by up to half a kilogram.
    private static func seedMonthly(_ demo: DemoContext, subjectID: Int64, kilograms start: Double, entries: EntryRepository) async throws {
        var kilograms = start
        var weighings: [(RecordInput, [PhotoRecord])] = []
        guard var day = LocalDate(year: demo.first.year, month: demo.first.month, day: 1) else { return }
        while day <= demo.today {
            if day >= demo.first {
                kilograms = max(start - 8, min(start + 8, kilograms + Double(demo.random.next(upTo: 11) - 5) / 10))
                weighings.append(
                    (
                        RecordInput(
                            occurredAt: day.noon(in: demo.timeZone).addingTimeInterval(-3 * 3600), localDate: day, note: nil,
                            details: .weight(value: (kilograms * 10).rounded() / 10, unit: .kg)), []
                    ))
            }
            day = day.adding(months: 1)
        }
        try await entries.createMany(subjectID: subjectID, weighings, createdBy: demo.owner.id)
        demo.summary.records += weighings.count
    }
}
