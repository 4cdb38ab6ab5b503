/// Why a file was refused. Each becomes a message naming the file, shown on the form.
public enum PhotoProblem: Error, Equatable, Sendable {
    case empty
    case tooLarge(bytes: Int, limit: Int)
    /// Not JPEG, PNG, WebP, GIF, HEIC or AVIF, whatever its name says.
    case notAPhoto
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Looks like a photo but cannot be read to the end: cut off during upload, or damaged.
    case damaged
}

/// What one upload may be.
public struct PhotoLimits: Sendable {
    public var maximumBytes: Int
    public var maximumPixels: Int

    public init(maximumBytes: Int = 25 * 1024 * 1024, maximumPixels: Int = 50_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
    }
}
