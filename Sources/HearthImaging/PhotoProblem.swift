/// Why a file was refused. Each becomes a message naming the file, shown on the form.
public enum PhotoProblem: Error, Equatable, Sendable {
    case empty
    case tooLarge(bytes: Int, limit: Int)
    /// Not JPEG, PNG, WebP, GIF, HEIC or AVIF, whatever its name says.
    case notAPhoto
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// An animated GIF whose frames together are more pixels than the limit.
    case animationTooLarge(frames: Int, megapixels: Int, limit: Int)
    /// Looks like a photo but cannot be read to the end: cut off during upload, or damaged.
    case damaged
}

/// What one upload may be.
public struct PhotoLimits: Sendable {
    public var maximumBytes: Int
    public var maximumPixels: Int
    /// A HEIC's single HEVC-coded image (not a phone's grid of small tiles): libde265 holds
    /// about ten bytes a pixel of it while decoding, so a 50-megapixel one took the server to
    /// 537 MB, at 32 megapixels 411 MB. At 25 the server stays well under 400 MB (`make bench`).
    public var maximumHEVCFramePixels: Int
    /// All the frames of an animated GIF together (frames × their pixels): 50 frames of a
    /// 2000×2000 GIF. The file is kept as it came, so this bounds what browsers must decode.
    public var maximumAnimationPixels = 200_000_000

    public init(maximumBytes: Int = 25 * 1024 * 1024, maximumPixels: Int = 50_000_000, maximumHEVCFramePixels: Int = 25_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
        self.maximumHEVCFramePixels = maximumHEVCFramePixels
    }
}
