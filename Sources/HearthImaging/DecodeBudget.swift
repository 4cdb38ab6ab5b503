import Foundation

/// How much memory photo decoding may hold at once, across every photo worker. Workers
/// bound how many photos are decoded together, but not what they cost: on a four-core
/// machine three 50-megapixel AVIFs at once would take a gigabyte. Each decode reserves
/// its estimate first and waits (on its worker thread, never an event loop) until the
/// others leave room; small photos still go side by side.
public final class DecodeBudget: @unchecked Sendable {
    /// Under the 400 MB the server may reach for any upload, less what it holds idle (~50 MB).
    public static let shared = DecodeBudget(bytes: 340 * 1024 * 1024)

    public let capacity: Int
    private let condition = NSCondition()
    private var reserved = 0  // guarded by `condition`

    public init(bytes: Int) { capacity = bytes }

    /// Runs `body` once `bytes` (at most the whole budget, so one photo always can) are free.
    public func withReservation<T, E: Error>(_ bytes: Int, _ body: () throws(E) -> T) throws(E) -> T {
        let amount = min(max(bytes, 0), capacity)
        condition.lock()
        while reserved + amount > capacity { condition.wait() }
        reserved += amount
        condition.unlock()
        defer {
            condition.lock()
            reserved -= amount
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// The peak memory of decoding a photo of `pixels` in `format`, from `make bench`'s
    /// figures (peak less the idle server, per pixel of the largest accepted photo).
    /// JPEG, PNG and WebP shrink while they decode; GIF is decoded whole by libgd; the
    /// HEVC and AV1 decoders hold their whole coded frame.
    public static func estimate(format: ImageFormat, pixels: Int) -> Int {
        let tenthsOfBytesPerPixel: Int =
            switch format {
            case .jpeg, .webp: 10
            case .png: 15
            case .gif: 56
            case .avif: 68
            case .heif: 95
            }
        return pixels.multipliedReportingOverflow(by: tenthsOfBytesPerPixel).overflow ? Int.max : pixels * tenthsOfBytesPerPixel / 10
    }
}
