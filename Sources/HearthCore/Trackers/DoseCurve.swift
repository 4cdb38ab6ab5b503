import Foundation

/// A day's readings against the doses of the regimen a tracker is tied to: each reading's hours
/// since the dose before it, as a vet reads a glucose curve ("2 hours after the insulin"), and the
/// lowest point (the nadir). A reading taken up to an hour before a dose (the one before the
/// shot) counts back from that dose; one with no dose in the 24 hours before it is left out.
public struct DoseCurve: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public let at: Date
        public let hours: Double
        public let value: Double
    }

    public struct Reading: Sendable, Equatable {
        public let at: Date
        public let value: Double
        public init(at: Date, value: Double) { (self.at, self.value) = (at, value) }
    }

    public let points: [Point]
    /// Readings with no dose near enough to count from.
    public let leftOut: Int

    public static let before: TimeInterval = 3600, after: TimeInterval = 86_400

    public init(readings: [Reading], doses: [Date]) {
        let doses = doses.sorted()
        var points: [Point] = [], leftOut = 0
        for reading in readings {
            let dose =
                doses.last { $0 <= reading.at && reading.at.timeIntervalSince($0) < Self.after }
                ?? doses.first { $0 > reading.at && $0.timeIntervalSince(reading.at) <= Self.before }
            guard let dose else {
                leftOut += 1
                continue
            }
            points.append(Point(at: reading.at, hours: reading.at.timeIntervalSince(dose) / 3600, value: reading.value))
        }
        (self.points, self.leftOut) = (points, leftOut)
    }

    /// The lowest reading (the first of equals).
    public var lowest: Point? { points.min { $0.value < $1.value } }
}
