/// A week of home blood pressure as NICE NG136 (and ESH 2023) read it: readings morning and
/// evening for up to seven days, the first day's left out (the first readings run high), the
/// rest averaged; at least four days monitored. 135/85 or more on that average is high.
public struct HomeBloodPressure: Sendable, Equatable {
    public struct Reading: Sendable, Equatable {
        public let day: LocalDate
        public let systolic: Double
        public let diastolic: Double

        public init(day: LocalDate, systolic: Double, diastolic: Double) { (self.day, self.systolic, self.diastolic) = (day, systolic, diastolic) }
    }

    public let systolic: Double
    public let diastolic: Double
    /// The readings averaged, and the days they came from (day one's left out).
    public let count: Int
    public let from: LocalDate
    public let to: LocalDate
    /// The day left out.
    public let dayOne: LocalDate

    public static let days = 7, leastDays = 4
    public static let high = (systolic: 135.0, diastolic: 85.0)

    /// The average of the seven days up to the last reading, or nil when fewer than four of them have one.
    public init?(_ readings: [Reading]) {
        guard let last = readings.map(\.day).max() else { return nil }
        let week = readings.filter { last.daysSince1970 - $0.day.daysSince1970 < Self.days }
        let days = Set(week.map(\.day))
        guard days.count >= Self.leastDays, let dayOne = days.min() else { return nil }
        let kept = week.filter { $0.day != dayOne }
        guard let from = kept.map(\.day).min() else { return nil }
        systolic = kept.map(\.systolic).reduce(0, +) / Double(kept.count)
        diastolic = kept.map(\.diastolic).reduce(0, +) / Double(kept.count)
        (count, self.from, to, self.dayOne) = (kept.count, from, last, dayOne)
    }

    public var isHigh: Bool { systolic.rounded() >= Self.high.systolic || diastolic.rounded() >= Self.high.diastolic }
}
