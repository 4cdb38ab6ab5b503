import CGD
import Foundation
import HearthCore
import Testing
@testable import HearthImaging

/// Random and mutated headers of every accepted format, through the same call the server
/// makes for each upload. A trap (overflow, out-of-range index) ends the test process, so
/// finishing is the proof; each case must also end as a photo or a `PhotoProblem`.
///
/// `make test` runs 3,000 cases; `make fuzz` runs more (HEARTH_FUZZ_CASES, HEARTH_FUZZ_SEED).
@Suite("Header fuzz")
struct HeaderFuzzTests {
    static let cases = ProcessInfo.processInfo.environment["HEARTH_FUZZ_CASES"].flatMap(Int.init) ?? 3000
    static let seed = ProcessInfo.processInfo.environment["HEARTH_FUZZ_SEED"].flatMap(UInt64.init) ?? 8

    @Test("mutated photos of every format end as a photo or a refusal, never a crash")
    func mutatedHeaders() throws {
        let samples = try ImageFormat.allCases.map { format in
            let picture = twoColourPicture()
            defer { gdImageDestroy(picture) }
            return try #require(encode(picture, as: format), "libgd cannot write \(format) here")
        }
        var random = SeededRandom(seed: Self.seed)
        var outcomes: [String: Int] = [:]
        let started = ContinuousClock.now
        for index in 0..<Self.cases {
            let sample = samples[index % samples.count]
            let mutant = Self.mutate(sample, &random)
            do {
                let photo = try PhotoProcessor.process(mutant)
                #expect(photo.width * photo.height <= PhotoLimits().maximumPixels, "case \(index)")
                outcomes["photo", default: 0] += 1
            } catch {
                outcomes["\(error)".prefix(while: { $0 != "(" }).description, default: 0] += 1
            }
        }
        print("header fuzz: \(Self.cases) cases, seed \(Self.seed), \(ContinuousClock.now - started): \(outcomes.sorted { $0.key < $1.key })")
        // The mutations must reach past the sniffing: some decode, some are refused for their size.
        #expect(outcomes["photo", default: 0] > 0)
        #expect(outcomes["tooManyPixels", default: 0] > 0)
    }

    /// One of: flipped header bytes, an extreme number written over a header field, a cut,
    /// or random bytes after the format's magic.
    static func mutate(_ sample: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = sample
        let header = min(bytes.count, 600)
        switch random.next() % 5 {
        case 0:
            for _ in 0..<(1 + random.next() % 8) {
                bytes[Int(random.next() % UInt64(header))] = random.byte()
            }
        case 1, 2:
            let extremes: [UInt32] = [0, 1, 0x7F, 0xFF, 0x7FFF, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32(truncatingIfNeeded: random.next())]
            let value = extremes[Int(random.next() % UInt64(extremes.count))]
            let width = random.next() % 2 == 0 ? 2 : 4
            let at = Int(random.next() % UInt64(header - width))
            for byte in 0..<width { bytes[at + byte] = UInt8(truncatingIfNeeded: value >> UInt32(8 * (width - 1 - byte))) }
        case 3:
            bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
        default:
            bytes = Array(bytes.prefix(12)) + (0..<Int(random.next() % 200)).map { _ in random.byte() }
        }
        return bytes
    }
}
