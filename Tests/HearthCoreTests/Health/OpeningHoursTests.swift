import Foundation
import HearthCore
import Testing

@Suite("Opening hours")
struct OpeningHoursTests {
    /// An instant from a wall-clock time in a zone, as a person there reads it.
    static func at(_ text: String, _ zone: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    static func week(_ days: [Int: String]) -> OpeningHours {
        var hours = OpeningHours()
        for (day, text) in days { hours.days[day] = OpeningHours.parseDay(text)! }
        return hours
    }

    @Test("a night range runs past midnight into the next day, and closes on the clock")
    func pastMidnight() {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        // 2026-11-23 is a Monday (weekday index 1).
        let hours = Self.week([1: "22:00-06:00"])
        #expect(!hours.isOpen(at: Self.at("2026-11-23 21:59", "Asia/Seoul"), in: seoul))
        #expect(hours.isOpen(at: Self.at("2026-11-23 22:00", "Asia/Seoul"), in: seoul))
        #expect(hours.isOpen(at: Self.at("2026-11-23 23:59", "Asia/Seoul"), in: seoul))
        #expect(hours.isOpen(at: Self.at("2026-11-24 00:00", "Asia/Seoul"), in: seoul))
        #expect(hours.isOpen(at: Self.at("2026-11-24 05:59", "Asia/Seoul"), in: seoul))
        #expect(!hours.isOpen(at: Self.at("2026-11-24 06:00", "Asia/Seoul"), in: seoul))
        // Monday's early hours belong to Sunday night, which is closed.
        #expect(!hours.isOpen(at: Self.at("2026-11-23 03:00", "Asia/Seoul"), in: seoul))
    }

    @Test("Saturday night into Sunday morning wraps the week")
    func wrapsTheWeek() {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        let hours = Self.week([6: "23:00-02:00"])
        #expect(hours.isOpen(at: Self.at("2026-11-29 01:30", "Asia/Seoul"), in: seoul))  // Sunday
        #expect(!hours.isOpen(at: Self.at("2026-11-30 01:30", "Asia/Seoul"), in: seoul))  // Monday
    }

    @Test("several ranges a day; a lunch break is closed")
    func severalRanges() {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        let hours = Self.week([2: "09:00-12:30, 14:00-18:00"])
        #expect(hours.isOpen(at: Self.at("2026-11-24 09:00", "Asia/Seoul"), in: seoul))
        #expect(!hours.isOpen(at: Self.at("2026-11-24 13:00", "Asia/Seoul"), in: seoul))
        #expect(hours.isOpen(at: Self.at("2026-11-24 17:59", "Asia/Seoul"), in: seoul))
        #expect(!hours.isOpen(at: Self.at("2026-11-24 18:00", "Asia/Seoul"), in: seoul))
    }

    @Test("the night the clocks go forward: the door still closes at 06:00 on the clock")
    func springForward() {
        let zone = "America/New_York"
        let newYork = TimeZone(identifier: zone)!
        // Saturday 7 March 2026, 22:00 EST, to Sunday 06:00 EDT: 02:00 does not exist that night.
        let hours = Self.week([6: "22:00-06:00"])
        #expect(hours.isOpen(at: Self.at("2026-03-08 01:59", zone), in: newYork))
        // 07:30 UTC is 03:30 EDT, just after the jump.
        #expect(hours.isOpen(at: Date(timeIntervalSince1970: 1_772_955_000), in: newYork))
        #expect(hours.isOpen(at: Self.at("2026-03-08 05:59", zone), in: newYork))
        #expect(!hours.isOpen(at: Self.at("2026-03-08 06:00", zone), in: newYork))
    }

    @Test("the night the clocks go back: both 01:30s are open, and 06:00 closes")
    func fallBack() {
        let zone = "America/New_York"
        let newYork = TimeZone(identifier: zone)!
        let hours = Self.week([6: "22:00-06:00"])
        // Sunday 1 November 2026: 01:30 EDT is 05:30 UTC, 01:30 EST is 06:30 UTC.
        #expect(hours.isOpen(at: Date(timeIntervalSince1970: 1_793_511_000), in: newYork))
        #expect(hours.isOpen(at: Date(timeIntervalSince1970: 1_793_514_600), in: newYork))
        #expect(!hours.isOpen(at: Self.at("2026-11-01 06:00", zone), in: newYork))
    }

    @Test("what the form takes and refuses")
    func parse() {
        #expect(OpeningHours.parseDay("") == [])
        #expect(OpeningHours.parseDay("9:00~18:00") == [.init(start: 540, end: 1080)])
        #expect(OpeningHours.parseDay("09:00-12:30, 14:00-18:00")?.count == 2)
        #expect(OpeningHours.parseDay("00:00-24:00") == [.init(start: 0, end: 0)])
        #expect(OpeningHours.parseDay("25:00-26:00") == nil)
        #expect(OpeningHours.parseDay("09:00") == nil)
        #expect(OpeningHours.parseDay("open") == nil)
        #expect(OpeningHours.parseDay("09:00-09:00") == nil)
        let all = Self.week([3: "00:00-24:00"])
        #expect(all.isOpen(at: Self.at("2026-11-25 12:00", "Asia/Seoul"), in: TimeZone(identifier: "Asia/Seoul")!))
        #expect(OpeningHours(stored: all.stored) == all)
    }
}
