import Foundation
import HearthCore
import Testing

@Suite("Dose schedules")
struct CareScheduleTests {
    static func d(_ text: String) -> LocalDate { LocalDate(text)! }
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func days(_ schedule: CareSchedule, _ from: String, _ to: String) -> [String] {
        var seen: [String] = []
        for occurrence in schedule.occurrences(from: d(from), to: d(to), in: seoul) where seen.last != occurrence.day.description {
            seen.append(occurrence.day.description)
        }
        return seen
    }

    @Test("every day, chosen weekdays, every N days and weeks, from the start")
    func rules() {
        #expect(
            Self.days(CareSchedule(repeatRule: .daily, times: [480], start: Self.d("2026-11-23")), "2026-11-20", "2026-11-25")
                == ["2026-11-23", "2026-11-24", "2026-11-25"])
        // 2026-11-23 is a Monday: Monday, Wednesday, Friday.
        #expect(
            Self.days(CareSchedule(repeatRule: .weekdays([2, 4, 6]), times: [480], start: Self.d("2026-11-23")), "2026-11-23", "2026-11-30")
                == ["2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30"])
        #expect(
            Self.days(CareSchedule(repeatRule: .everyDays(3), times: [480], start: Self.d("2026-11-23")), "2026-11-24", "2026-12-02")
                == ["2026-11-26", "2026-11-29", "2026-12-02"])
        #expect(
            Self.days(CareSchedule(repeatRule: .everyWeeks(2), times: [480], start: Self.d("2026-11-23")), "2026-11-01", "2026-12-31")
                == ["2026-11-23", "2026-12-07", "2026-12-21"])
    }

    @Test("monthly on the 31st falls on each month's last day, counted from the start (no drift to the 28th)")
    func monthEnds() {
        let schedule = CareSchedule(repeatRule: .everyMonths(1), times: [540], start: Self.d("2026-01-31"))
        #expect(Self.days(schedule, "2026-01-01", "2026-06-30") == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30"])
        let leap = CareSchedule(repeatRule: .everyMonths(1), times: [540], start: Self.d("2028-01-30"))
        #expect(Self.days(leap, "2028-01-01", "2028-03-31") == ["2028-01-30", "2028-02-29", "2028-03-30"])
        let quarterly = CareSchedule(repeatRule: .everyMonths(3), times: [540], start: Self.d("2026-11-30"))
        #expect(Self.days(quarterly, "2026-11-01", "2027-12-31") == ["2026-11-30", "2027-02-28", "2027-05-30", "2027-08-30", "2027-11-30"])
    }

    @Test("an end date or a number of days, the start day included; as needed has no occurrences")
    func ends() {
        let tenDays = CareSchedule(repeatRule: .daily, times: [480, 1200], start: Self.d("2026-11-23"), end: .afterDays(10))
        #expect(tenDays.lastDay == Self.d("2026-12-02"))
        #expect(tenDays.occurrences(from: Self.d("2026-11-01"), to: Self.d("2026-12-31"), in: Self.seoul).count == 20)
        let until = CareSchedule(repeatRule: .daily, times: [480], start: Self.d("2026-11-23"), end: .on(Self.d("2026-11-24")))
        #expect(Self.days(until, "2026-11-01", "2026-12-31") == ["2026-11-23", "2026-11-24"])
        #expect(
            CareSchedule(repeatRule: .asNeeded(minimumMinutes: 240), times: [], start: Self.d("2026-11-23"))
                .occurrences(from: Self.d("2026-11-23"), to: Self.d("2026-12-23"), in: Self.seoul).isEmpty)
    }

    @Test("several times a day, in order, as instants in the household's zone")
    func times() {
        let schedule = CareSchedule(repeatRule: .daily, times: [1200, 480], start: Self.d("2026-11-23"))
        let found = schedule.occurrences(from: Self.d("2026-11-23"), to: Self.d("2026-11-23"), in: Self.seoul)
        #expect(found.map(\.time) == [480, 1200])
        // 08:00 in Seoul (UTC+9) is 23:00 UTC the day before.
        #expect(found[0].instant == Date(timeIntervalSince1970: Double(Self.d("2026-11-22").daysSince1970) * 86400 + 23 * 3600))
    }

    @Test("a time the spring change skips is taken with the offset before the gap: 02:30 becomes 03:30 EDT")
    func springGap() {
        // 14 March 2027: New York's clocks go from 02:00 EST to 03:00 EDT.
        let schedule = CareSchedule(repeatRule: .daily, times: [150], start: Self.d("2027-03-13"))
        let found = schedule.occurrences(from: Self.d("2027-03-13"), to: Self.d("2027-03-15"), in: Self.newYork)
        #expect(found.count == 3, "one dose a day, the day of the change too")
        // 02:30 EST = 07:30 UTC; on the 14th that is 03:30 EDT.
        #expect(found[1].instant == Date(timeIntervalSince1970: Double(Self.d("2027-03-14").daysSince1970) * 86400 + 7.5 * 3600))
        #expect(LocalTime.clock(found[1].instant, in: Self.newYork) == "03:30")
        #expect(LocalTime.clock(found[2].instant, in: Self.newYork) == "02:30")
    }

    @Test("a time the autumn repeats is its first occurrence: 01:30 EDT, not EST")
    func autumnRepeat() {
        // 1 November 2026: 02:00 EDT goes back to 01:00 EST, so 01:30 happens twice.
        let schedule = CareSchedule(repeatRule: .daily, times: [90], start: Self.d("2026-11-01"), end: .afterDays(1))
        let found = schedule.occurrences(from: Self.d("2026-11-01"), to: Self.d("2026-11-01"), in: Self.newYork)
        #expect(found.count == 1)
        // 01:30 EDT = 05:30 UTC (the later one would be 06:30 UTC).
        #expect(found[0].instant == Date(timeIntervalSince1970: 1_793_511_000))
    }

    @Test("ordinary times read back as themselves in zones with and without summer time")
    func roundTrip() {
        for zone in [Self.seoul, Self.newYork, TimeZone(identifier: "Europe/London")!, TimeZone(identifier: "Australia/Lord_Howe")!] {
            var day = Self.d("2026-01-01")
            while day <= Self.d("2026-12-31") {
                let instant = WallClock.instant(day, minutes: 12 * 60 + 15, in: zone)
                #expect(LocalTime.clock(instant, in: zone) == "12:15", "\(zone.identifier) \(day)")
                #expect(LocalDate(instant, in: zone) == day)
                day = day.adding(days: 17)
            }
        }
    }

    @Test("the form: at least one time, no time twice, N within its limit, weekdays chosen, an end after the start")
    func form() {
        func read(_ input: [String: String]) -> (CareSchedule?, FieldErrors) {
            var errors = FieldErrors()
            let schedule = CareSchedule.validate(input, errors: &errors)
            return (errors.isEmpty ? schedule : nil, errors)
        }
        let good = read([
            "repeat": "weekdays", "weekday_2": "on", "weekday_6": "on", "time_1": "08:00", "time_2": "20:30", "start": "2026-11-23", "end": "days",
            "end_days": "14",
        ])
        #expect(good.0 == CareSchedule(repeatRule: .weekdays([2, 6]), times: [480, 1230], start: Self.d("2026-11-23"), end: .afterDays(14)))
        #expect(read(["repeat": "daily", "start": "2026-11-23"]).1["time_1"] == "medicines.error.time_required")
        #expect(read(["repeat": "daily", "time_1": "08:00", "time_2": "08:00", "start": "2026-11-23"]).1["time_2"] == "medicines.error.time_twice")
        #expect(read(["repeat": "days", "every": "366", "time_1": "08:00", "start": "2026-11-23"]).1["every"] == "error.number.range")
        #expect(read(["repeat": "weeks", "every": "53", "time_1": "08:00", "start": "2026-11-23"]).1["every"] == "error.number.range")
        #expect(read(["repeat": "months", "every": "13", "time_1": "08:00", "start": "2026-11-23"]).1["every"] == "error.number.range")
        #expect(read(["repeat": "months", "every": "1.5", "time_1": "08:00", "start": "2026-11-23"]).1["every"] == "error.number.whole")
        #expect(read(["repeat": "weekdays", "time_1": "08:00", "start": "2026-11-23"]).1["weekdays"] == "medicines.error.weekdays")
        #expect(read(["repeat": "daily", "time_1": "25:00", "start": "2026-11-23"]).1["time_1"] == "error.time.invalid")
        #expect(read(["repeat": "daily", "time_1": "08:00", "start": "2026-02-30"]).1["start"] == "error.date.invalid")
        #expect(
            read(["repeat": "daily", "time_1": "08:00", "start": "2026-11-23", "end": "date", "end_date": "2026-11-01"]).1["end_date"]
                == "medicines.error.end_before_start")
        let asNeeded = read(["repeat": "as_needed", "minimum_hours": "4", "start": "2026-11-23"])
        #expect(asNeeded.0?.repeatRule == .asNeeded(minimumMinutes: 240))
    }
}

@Suite("Dose schedules as RFC 5545 rules")
struct CareScheduleRuleTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    @Test("each rule's RRULE, with UNTIL at the last day's end in UTC")
    func rules() {
        let start = LocalDate("2026-11-23")!
        #expect(CareSchedule(repeatRule: .daily, times: [480], start: start).recurrenceRule(in: Self.seoul) == "FREQ=DAILY")
        #expect(CareSchedule(repeatRule: .weekdays([6, 2, 4]), times: [480], start: start).recurrenceRule(in: Self.seoul) == "FREQ=WEEKLY;BYDAY=MO,WE,FR")
        #expect(CareSchedule(repeatRule: .everyDays(3), times: [480], start: start).recurrenceRule(in: Self.seoul) == "FREQ=DAILY;INTERVAL=3")
        #expect(CareSchedule(repeatRule: .everyWeeks(2), times: [480], start: start).recurrenceRule(in: Self.seoul) == "FREQ=WEEKLY;INTERVAL=2")
        #expect(CareSchedule(repeatRule: .everyMonths(1), times: [480], start: start).recurrenceRule(in: Self.seoul) == "FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=23")
        #expect(
            CareSchedule(repeatRule: .everyMonths(1), times: [480], start: LocalDate("2026-01-31")!).recurrenceRule(in: Self.seoul)
                == "FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(CareSchedule(repeatRule: .asNeeded(minimumMinutes: 240), times: [], start: start).recurrenceRule(in: Self.seoul) == nil)
        // Ten days from 23 November: the last is 2 December, which ends at 14:59:59 UTC in Seoul.
        #expect(
            CareSchedule(repeatRule: .daily, times: [480], start: start, end: .afterDays(10)).recurrenceRule(in: Self.seoul)
                == "FREQ=DAILY;UNTIL=20261202T145959Z")
    }
}
