import Foundation
import HearthCore
import Testing

@Suite("Care routines: when due, and whose turn")
struct RoutineScheduleTests {
    static func d(_ text: String) -> LocalDate { LocalDate(text)! }

    static func done(_ due: String, on day: String, by: Int64 = 1) -> RoutineMark {
        RoutineMark(routineID: 1, due: d(due), status: .done, doneAt: d(day).noon(in: .gmt), doneDay: d(day), reason: nil, byID: by, by: nil)
    }

    static func next(_ schedule: CareSchedule, soon: Int = 0, _ marks: [RoutineMark] = [], today: String) -> String? {
        RoutineDue.next(schedule, soonDays: soon, marks: marks, today: d(today)).map { "\($0.day) \($0.state.rawValue)" }
    }

    @Test("every year on its day; 29 February falls on the 28th in common years, and the feed says the same")
    func yearly() {
        let birthday = CareSchedule(repeatRule: .yearly, times: [], start: Self.d("2024-02-29"))
        #expect(birthday.falls(on: Self.d("2025-02-28")))
        #expect(!birthday.falls(on: Self.d("2025-03-01")))
        #expect(birthday.falls(on: Self.d("2028-02-29")))
        #expect(!birthday.falls(on: Self.d("2028-02-28")))
        #expect(birthday.firstDay(from: Self.d("2024-03-01"), within: 800) == Self.d("2025-02-28"))
        #expect(birthday.recurrenceRule(in: .gmt) == "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1")
        let spring = CareSchedule(repeatRule: .yearly, times: [], start: Self.d("2026-04-10"))
        #expect(Self.next(spring, soon: 7, [Self.done("2026-04-10", on: "2026-04-10")], today: "2027-04-05") == "2027-04-10 soon")
        #expect(Self.next(spring, soon: 7, today: "2027-04-05") == "2026-04-10 overdue")
        #expect(spring.recurrenceRule(in: .gmt) == "FREQ=YEARLY")
    }

    @Test("the last day of the month when the day does not exist")
    func endOfMonth() {
        let filter = CareSchedule(repeatRule: .everyMonths(1), times: [], start: Self.d("2026-01-31"))
        #expect(Self.next(filter, [Self.done("2026-01-31", on: "2026-01-31")], today: "2026-02-10") == "2026-02-28 later")
        #expect(
            Self.next(filter, [Self.done("2026-01-31", on: "2026-01-31"), Self.done("2026-02-28", on: "2026-02-28")], today: "2026-03-01") == "2026-03-31 later"
        )
    }

    @Test("a calendar rule: due today, overdue until marked, an older unmarked day is not carried, done early counts")
    func calendarRule() {
        let teeth = CareSchedule(repeatRule: .everyDays(2), times: [], start: Self.d("2026-11-01"))
        #expect(Self.next(teeth, today: "2026-11-01") == "2026-11-01 today")
        #expect(Self.next(teeth, today: "2026-11-02") == "2026-11-01 overdue")
        #expect(Self.next(teeth, [Self.done("2026-11-01", on: "2026-11-02")], today: "2026-11-02") == "2026-11-03 later")
        // Nobody did the 1st or the 3rd: on the 4th the 3rd is overdue, the 1st only missed.
        #expect(Self.next(teeth, today: "2026-11-04") == "2026-11-03 overdue")
        // Nails every three weeks, due soon from three days before; done two days early.
        let nails = CareSchedule(repeatRule: .everyWeeks(3), times: [], start: Self.d("2026-11-06"))
        #expect(Self.next(nails, soon: 3, [Self.done("2026-11-06", on: "2026-11-06")], today: "2026-11-24") == "2026-11-27 soon")
        let early = [Self.done("2026-11-06", on: "2026-11-06"), Self.done("2026-11-27", on: "2026-11-25")]
        #expect(Self.next(nails, soon: 3, early, today: "2026-11-26") == "2026-12-18 later")
        #expect(!early[1].late)
        // Ended: nothing more.
        let ended = CareSchedule(repeatRule: .daily, times: [], start: Self.d("2026-11-01"), end: .on(Self.d("2026-11-03")))
        #expect(Self.next(ended, [Self.done("2026-11-03", on: "2026-11-03")], today: "2026-11-05") == nil)
    }

    @Test("N days after it was last done moves with it: done late, done early, skipped")
    func afterDone() {
        let bath = CareSchedule(repeatRule: .afterDone(days: 14), times: [], start: Self.d("2026-11-01"))
        #expect(Self.next(bath, today: "2026-10-30") == "2026-11-01 later")
        #expect(Self.next(bath, today: "2026-11-03") == "2026-11-01 overdue")
        // Done three days late: marked late, next fourteen days after the day it was done.
        let late = Self.done("2026-11-01", on: "2026-11-04")
        #expect(late.late)
        #expect(Self.next(bath, soon: 2, [late], today: "2026-11-16") == "2026-11-18 soon")
        // Done four days early: next fourteen days after that.
        let early = Self.done("2026-11-18", on: "2026-11-14")
        #expect(!early.late)
        #expect(Self.next(bath, [late, early], today: "2026-11-15") == "2026-11-28 later")
        // Skipped on its day: the next is fourteen days after the skipped day.
        let skipped = RoutineMark(routineID: 1, due: Self.d("2026-11-28"), status: .skipped, doneAt: nil, doneDay: nil, reason: "비", byID: 1, by: nil)
        #expect(Self.next(bath, [late, early, skipped], today: "2026-11-29") == "2026-12-12 later")
        #expect(bath.recurrenceRule(in: .gmt) == nil)
        #expect(Self.next(CareSchedule(repeatRule: .asNeeded(minimumMinutes: 0), times: [], start: Self.d("2026-11-01")), today: "2026-11-05") == nil)
    }

    @Test("the form: one time of day or none, N days after done only for routines, members for a rotation")
    func form() {
        var input = ["name": "양치", "repeat": "after_done", "every": "2", "start": "2026-11-25", "assign": "turn", "member_3": "on", "member_2": "on"]
        guard case .valid(let routine) = RoutineInput.validate(input, subjects: [1], members: [2, 3]) else {
            Issue.record("refused")
            return
        }
        #expect(routine.schedule.repeatRule == .afterDone(days: 2))
        #expect(routine.schedule.times.isEmpty)
        #expect(routine.members == [2, 3])
        #expect(routine.subjectID == nil)
        var errors = FieldErrors()
        #expect(CareSchedule.validate(input, errors: &errors) == nil)
        #expect(errors["repeat"] != nil)
        input["member_2"] = nil
        input["member_3"] = nil
        guard case .invalid(let refused) = RoutineInput.validate(input.merging(["subject": "9"]) { $1 }, subjects: [1], members: [2, 3]) else {
            Issue.record("accepted")
            return
        }
        #expect(refused["assign"] != nil)
        #expect(refused["subject"] != nil)
    }

    @Test("rotation over a year is fair: in turn and least lately, whoever does it when it is their turn")
    func fairness() {
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
        for assignment in [RoutineAssignment.turn, .least] {
            var done: [RoutineRotation.Done] = []
            for day in 0..<365 {
                let now = start.addingTimeInterval(Double(day) * 86400)
                let turn = RoutineRotation.whoseTurn(assignment, members: [7, 8, 9], done: done, now: now)
                #expect(turn.count == 1)
                done.append(.init(by: turn[0], at: now))
            }
            let counts = [7, 8, 9].map { id in done.filter { $0.by == Int64(id) }.count }
            #expect(counts.max()! - counts.min()! <= 1, "\(assignment): \(counts)")
        }
        // Someone out of turn: in turn moves on from them; least lately asks the one who did least.
        let t0 = start
        let done = [RoutineRotation.Done(by: 7, at: t0), .init(by: 9, at: t0.addingTimeInterval(86400))]
        #expect(RoutineRotation.whoseTurn(.turn, members: [7, 8, 9], done: done, now: t0) == [7])
        #expect(RoutineRotation.whoseTurn(.least, members: [7, 8, 9], done: done, now: t0) == [8])
        #expect(RoutineRotation.whoseTurn(.members, members: [7, 8], done: done, now: t0) == [7, 8])
        #expect(RoutineRotation.whoseTurn(.anyone, members: [], done: done, now: t0) == [])
    }
}
