import Foundation
import HearthCore
import HearthStore

/// The demo household's people: two, with ten years of days.
enum PeopleDemo: DemoStep {
    static let rank = 30

    static func seed(_ demo: DemoContext) async throws {
        demo.summary.people = try await seedPeople(
            demo.database, from: demo.first, to: demo.today, timeZone: demo.timeZone, owner: demo.owner, random: &demo.random, summary: &demo.summary)
    }

    /// Two people with ten years of days: steps on most days (with holidays where the phone
    /// stayed home), water, a weighing a week, and goals that changed a few times.
    static func seedPeople(
        _ database: AppDatabase, from first: LocalDate, to today: LocalDate, timeZone: TimeZone, owner: Account,
        random: inout SeededRandom, summary: inout DemoHousehold.Summary
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
