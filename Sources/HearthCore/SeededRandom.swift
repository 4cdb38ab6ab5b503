/// A small deterministic generator (SplitMix64): the demo household is the same every time it
/// is made, and a test's fuzz cases and sample points are replayed from their seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number from 0 up to `bound` (not included); 0 when `bound` is below 1.
    public mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    /// A number from 0 up to 1 (not included).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
