import Foundation
import Testing

@testable import HearthCore

@Suite("How tracker readings are read: the dose curve and the home blood pressure week")
struct TrackerReadingRulesTests {
    static let dose = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("each reading counts from the dose before it (within a day), or back from one within the hour after; others are left out")
    func curve() {
        let at = { (minutes: Double) in Self.dose.addingTimeInterval(minutes * 60) }
        let curve = DoseCurve(
            readings: [(-90, 400), (-30, 320), (120, 250), (360, 95), (480, 95), (720, 300)].map { DoseCurve.Reading(at: at($0), value: $1) },
            doses: [at(720), Self.dose])
        #expect(curve.leftOut == 1, "an hour and a half before the shot is too far to count back")
        #expect(curve.points.map(\.hours) == [-0.5, 2, 6, 8, 0])
        #expect(curve.lowest?.hours == 6, "the first of two equal lowest readings")
        #expect(
            DoseCurve(readings: [DoseCurve.Reading(at: at(60 * 25), value: 100)], doses: [Self.dose]).points.isEmpty,
            "a day and an hour after is not this dose's")
    }

    @Test("the week's average leaves out day one and needs four days; 135/85 or more is high")
    func homeWeek() throws {
        let first = LocalDate("2026-11-01")!
        func week(days: Int, systolic: Double = 130) -> [HomeBloodPressure.Reading] {
            (0..<days).flatMap { offset in
                [HomeBloodPressure.Reading(day: first.adding(days: offset), systolic: offset == 0 ? 170 : systolic, diastolic: offset == 0 ? 100 : 80)]
            }
        }
        let average = try #require(HomeBloodPressure(week(days: 7)))
        #expect(average.systolic == 130 && average.diastolic == 80 && average.count == 6 && average.dayOne == first)
        #expect(!average.isHigh)
        #expect(HomeBloodPressure(week(days: 3)) == nil, "three days are too few")
        #expect(try #require(HomeBloodPressure(week(days: 4, systolic: 135))).isHigh)
        // Ten days: only the last seven count, and the first of those is left out.
        let ten = try #require(HomeBloodPressure(week(days: 10)))
        #expect(ten.dayOne == first.adding(days: 3) && ten.from == first.adding(days: 4) && ten.count == 6)
    }
}
