import Foundation
import HearthCore
import HearthStore

/// The demo's medicines: enough subjects to make ten (three more pets and a grandmother and a
/// child beside the demo's own), five regimens each of every kind of rule, and their doses for
/// all the years: most given (by one of two members), a few skipped, a few missed.
extension DemoHousehold {
    static func seedRegimens(
        _ database: AppDatabase, from first: LocalDate, to today: LocalDate, timeZone: TimeZone, owner: Account,
        random: inout SeededRandom, summary: inout Summary, log: @Sendable (String) -> Void
    ) async throws -> Int {
        let pets = PetRepository(database), people = PersonRepository(database), regimens = RegimenRepository(database)
        for (name, species) in [("Kkami", Species.dog), ("Dubu", .rabbit), ("Hodu", .cat)] {
            _ = try await pets.create(PetProfile(name: name, species: species), photo: nil, now: first.noon(in: timeZone))
        }
        for (name, colour) in [("Grandma", SubjectColour.purple), ("Seo-yeon", .pink)] {
            _ = try await people.create(PersonProfile(name: name, colour: colour), photo: nil, now: first.noon(in: timeZone))
        }
        summary.pets += 3
        summary.people += 2
        let subjects = try await SubjectRepository(database).subjects(access: .everyone)
        let givers = [owner.id!]
        let plans: [(String, CareSchedule.Repeat, [Int], String, Double, String)] = [
            ("Morning and evening", .daily, [480, 1200], "Main medicine", 1, "tablet"),
            ("Vitamins", .weekdays([2, 4, 6]), [540], "Multivitamin", 1, "capsule"),
            ("Every third day", .everyDays(3), [450], "Probiotic", 1, "sachet"),
            ("Monthly", .everyMonths(1), [600], "Monthly dose", 0.5, "ml"),
            ("When needed", .asNeeded(minimumMinutes: 8 * 60), [], "Pain relief", 1, "tablet"),
        ]
        var total = 0
        for subject in subjects.prefix(10) {
            for (name, rule, times, item, amount, unit) in plans {
                total += try await seedRegimen(
                    regimens, subjectID: subject.id, name: name, rule: rule, times: times,
                    item: RegimenItemInput(name: item, amount: amount, unit: unit, inHand: 60, refillDays: 10),
                    from: first, to: today, timeZone: timeZone, givers: givers, random: &random)
            }
            log("\(subject.name): 5 regimens")
        }
        return total
    }

    /// One regimen from `first`, and its doses up to yesterday (today's are the visitor's to mark): most given (within 40 minutes),
    /// 2% skipped, 3% missed.
    static func seedRegimen(
        _ regimens: RegimenRepository, subjectID: Int64, name: String, rule: CareSchedule.Repeat, times: [Int], item: RegimenItemInput,
        from first: LocalDate, to today: LocalDate, timeZone: TimeZone, givers: [Int64], random: inout SeededRandom
    ) async throws -> Int {
        let schedule = CareSchedule(repeatRule: rule, times: times, start: first)
        let id = try await regimens.create(subjectID: subjectID, RegimenInput(name: name, items: [item], schedule: schedule))
        var doses: [RegimenRepository.HistoricDose] = []
        for occurrence in schedule.occurrences(from: first, to: today.adding(days: -1), in: timeZone) {
            let roll = random.next(upTo: 100)
            if roll < 3 { continue }  // missed
            let skipped = roll < 5
            doses.append(
                .init(
                    day: occurrence.day, time: occurrence.time, status: skipped ? .skipped : .given,
                    givenAt: skipped ? nil : occurrence.instant.addingTimeInterval(Double(random.next(upTo: 40) * 60)),
                    reason: skipped ? "Asleep" : nil, accountID: givers[random.next(upTo: givers.count)]))
        }
        return try await regimens.recordHistory(regimenID: id, doses)
    }
}

enum MedicinesDemo: DemoStep {
    static let rank = 40

    static func seed(_ demo: DemoContext) async throws {
        demo.summary.doses = try await DemoHousehold.seedRegimens(
            demo.database, from: demo.first, to: demo.today, timeZone: demo.timeZone, owner: demo.owner, random: &demo.random,
            summary: &demo.summary, log: demo.log)
        if let size = demo.careHome { try await CareHomeDemo.seed(demo, size: size) }
    }
}
