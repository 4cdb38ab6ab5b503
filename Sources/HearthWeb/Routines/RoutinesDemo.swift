import Foundation
import HearthCore
import HearthStore

/// The demo's routines: teeth every two days and nails every three weeks for the first pet, the
/// litter box every morning for the house (the owner's turn, in turn with nobody else), the
/// fountain's filter on the last day of each month; done over the last four months, a few late,
/// a few missed.
enum RoutinesDemo: DemoStep {
    static let rank = 50

    static func seed(_ demo: DemoContext) async throws {
        let routines = RoutineRepository(demo.database)
        let owner = demo.owner.id!
        let pets = try await SubjectRepository(demo.database).subjects(access: .everyone).filter { $0.kind == .pet }
        let start = demo.today.adding(days: -120)
        let plans: [(String, Int64?, CareSchedule.Repeat, [Int], RoutineAssignment)] = [
            ("Teeth", pets.first?.id, .everyDays(2), [1260], .anyone),
            ("Nails", pets.first?.id, .everyWeeks(3), [], .members),
            ("Litter box", nil, .daily, [480], .turn),
            ("Fountain filter", nil, .everyMonths(1), [], .anyone),
        ]
        for (name, subject, rule, times, assignment) in plans {
            let schedule = CareSchedule(
                repeatRule: rule, times: times, start: rule == .everyMonths(1) ? LocalDate(year: start.year, month: start.month, day: 31) ?? start : start)
            let id = try await routines.create(
                RoutineInput(
                    name: name, subjectID: subject, schedule: schedule, soonDays: rule == .everyWeeks(3) ? 3 : 0, assignment: assignment,
                    members: assignment == .anyone ? [] : [owner]), by: owner, now: start.noon(in: demo.timeZone))
            var day = schedule.start
            while day < demo.today {
                if schedule.falls(on: day) {
                    let roll = demo.random.next(upTo: 100)
                    if roll >= 6 {
                        let late = roll < 10 ? 1 : 0
                        let doneDay = day.adding(days: late)
                        let at = WallClock.instant(doneDay, minutes: (times.first ?? 600) + demo.random.next(upTo: 50), in: demo.timeZone)
                        _ = try await routines.mark(
                            routineID: id, due: day, status: .done, doneAt: at, doneDay: doneDay, reason: nil, accountID: owner, now: at)
                    }
                }
                day = day.adding(days: 1)
            }
        }
        demo.log("4 routines")
    }
}
