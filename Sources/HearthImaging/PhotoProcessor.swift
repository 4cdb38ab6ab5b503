import CGD
import CHearthImaging
import Crypto
import HearthCore

/// A photo checked, hashed and made into its two derivatives, ready to be stored.
public struct ProcessedPhoto: Sendable {
    /// Hex SHA-256 of the original bytes: its name on disk and in URLs.
    public let sha256: String
    public let format: ImageFormat
    /// The size of the original as seen upright (EXIF orientation applied).
    public let width: Int
    public let height: Int
    public let byteCount: Int
    /// When the camera says it was taken (its own local time), if it says.
    public let takenAt: String?
    /// JPEG, longest side at most `PhotoProcessor.previewLongestSide`, upright, no EXIF.
    public let preview: [UInt8]
    /// JPEG, a centred `PhotoProcessor.thumbnailSide` square crop, upright, no EXIF.
    public let thumbnail: [UInt8]
}

/// Turns uploaded bytes into a `ProcessedPhoto`, or says why it cannot. Synchronous and
/// CPU-bound: call it through `WorkerThreads`, never on an event loop.
public enum PhotoProcessor {
    public static let previewLongestSide = 1600
    public static let thumbnailSide = 320

    private static let silencedWarnings: Void = hearth_silence_gd_warnings()

    public static func process(_ data: [UInt8], limits: PhotoLimits = PhotoLimits()) throws(PhotoProblem) -> ProcessedPhoto {
        _ = silencedWarnings
        guard !data.isEmpty else { throw .empty }
        guard data.count <= limits.maximumBytes else { throw .tooLarge(bytes: data.count, limit: limits.maximumBytes) }
        let result: Result<ProcessedPhoto, PhotoProblem> = data.withUnsafeBytes { bytes in
            do throws(PhotoProblem) {
                return .success(try process(bytes, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func process(_ bytes: UnsafeRawBufferPointer, limits: PhotoLimits) throws(PhotoProblem) -> ProcessedPhoto {
        guard let format = ImageFormat.sniff(bytes) else { throw .notAPhoto }
        guard let size = ImageHeader.size(of: bytes, format: format), size.width > 0, size.height > 0 else { throw .damaged }
        guard size.pixels <= limits.maximumPixels else {
            throw .tooManyPixels(width: size.width, height: size.height, limit: limits.maximumPixels)
        }
        if format == .gif {
            guard let gif = GIFStructure.scan(bytes) else { throw .damaged }
            if gif.totalPixels > limits.maximumAnimationPixels {
                throw .animationTooLarge(frames: gif.frames, megapixels: gif.totalPixels / 1_000_000, limit: limits.maximumAnimationPixels / 1_000_000)
            }
        }
        if format == .heif || format == .avif, let frame = ISOImageSize.largestHEVCFrame(bytes), frame.pixels > limits.maximumHEVCFramePixels {
            throw .tooManyPixels(width: frame.width, height: frame.height, limit: limits.maximumHEVCFramePixels)
        }
        var hasher = SHA256()
        hasher.update(data: bytes)
        let sha256 = SHA256.hex(digest: hasher.finalize())

        // HEIF and AVIF decoders apply their own rotation boxes; only JPEG needs EXIF's word.
        let exif = format == .jpeg ? Exif.read(jpeg: bytes) : Exif()
        let derivatives = try DecodeBudget.shared.withReservation(DecodeBudget.estimate(format: format, pixels: size.pixels)) { () throws(PhotoProblem) in
            try derive(bytes, format: format, orientation: exif.orientation, limits: limits)
        }
        let turned = (5...8).contains(exif.orientation)
        return ProcessedPhoto(
            sha256: sha256, format: format,
            width: turned ? size.height : size.width, height: turned ? size.width : size.height,
            byteCount: bytes.count, takenAt: exif.takenAt, preview: derivatives.preview, thumbnail: derivatives.thumbnail)
    }

    /// Decodes and makes the preview and thumbnail, JPEG-encoded and upright.
    private static func derive(
        _ bytes: UnsafeRawBufferPointer, format: ImageFormat, orientation: Int, limits: PhotoLimits
    ) throws(PhotoProblem) -> (preview: [UInt8], thumbnail: [UInt8]) {
        guard let decoded = decode(bytes, format: format, maximumPixels: limits.maximumPixels, atLeast: previewLongestSide) else { throw .damaged }
        defer { gdImageDestroy(decoded) }

        guard let preview = scaled(decoded, toFit: previewLongestSide) else { throw .damaged }
        defer { gdImageDestroy(preview) }
        guard let upright = hearth_orient(preview, Int32(orientation)) else { throw .damaged }
        defer { gdImageDestroy(upright) }
        guard let thumbnail = squareCrop(upright, side: thumbnailSide) else { throw .damaged }
        defer { gdImageDestroy(thumbnail) }
        return (jpeg(upright, quality: 82), jpeg(thumbnail, quality: 80))
    }

    /// A truecolor image with no transparency left, or nil when the data does not decode.
    /// Shrunk while decoding wherever the decoder allows (its longest side stays at least
    /// `longest`, or the original's), so a
    /// 50-megapixel photo never sits in memory at full size as gd's 4 bytes a pixel.
    static func decode(_ bytes: UnsafeRawBufferPointer, format: ImageFormat, maximumPixels: Int, atLeast longest: Int) -> gdImagePtr? {
        let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let minimum = Int32(longest)
        switch format {
        case .jpeg:
            var truncated: Int32 = 0
            let image = hearth_jpeg_decode_scaled(start, bytes.count, minimum, &truncated)
            if truncated != 0, let image {
                gdImageDestroy(image)
                return nil
            }
            return image
        case .png:
            var interlaced: Int32 = 0
            if let image = hearth_png_decode_scaled(start, bytes.count, minimum, &interlaced) { return image }
            return interlaced != 0 ? decodeWithGD(bytes, format: .png) : nil
        case .webp:
            return hearth_webp_decode_scaled(start, bytes.count, minimum)
        case .heif, .avif:
            return hearth_heif_decode_scaled(start, bytes.count, minimum, Int64(maximumPixels))
        case .gif:
            return decodeWithGD(bytes, format: .gif)
        }
    }

    /// libgd's whole-image decoders: GIF (palette images, a byte a pixel) and interlaced PNG.
    private static func decodeWithGD(_ bytes: UnsafeRawBufferPointer, format: ImageFormat) -> gdImagePtr? {
        let data = UnsafeMutableRawPointer(mutating: bytes.baseAddress!)
        let image = format == .gif ? gdImageCreateFromGifPtr(Int32(bytes.count), data) : gdImageCreateFromPngPtr(Int32(bytes.count), data)
        guard let image else { return nil }
        if image.pointee.trueColor == 0 {
            gdImagePaletteToTrueColor(image)
        }
        hearth_flatten_on_white(image)
        return image
    }

    /// A new image whose longest side is at most `longest`, downscaled with Lanczos
    /// (gd's default method aliases badly). Smaller images are copied as they are.
    static func scaled(_ image: gdImagePtr, toFit longest: Int) -> gdImagePtr? {
        let width = Int(image.pointee.sx), height = Int(image.pointee.sy)
        let factor = min(1, Double(longest) / Double(max(width, height)))
        return resized(image, width: max(1, Int((Double(width) * factor).rounded())), height: max(1, Int((Double(height) * factor).rounded())))
    }

    private static func resized(_ image: gdImagePtr, width: Int, height: Int) -> gdImagePtr? {
        if width == Int(image.pointee.sx) && height == Int(image.pointee.sy) {
            return hearth_orient(image, 1)  // a plain copy
        }
        gdImageSetInterpolationMethod(image, GD_LANCZOS3)
        return gdImageScale(image, UInt32(width), UInt32(height))
    }

    /// Scales so the shorter side is `side`, then keeps the centred square.
    static func squareCrop(_ image: gdImagePtr, side: Int) -> gdImagePtr? {
        let width = Int(image.pointee.sx), height = Int(image.pointee.sy)
        let factor = Double(side) / Double(min(width, height))
        let scaledWidth = max(side, Int((Double(width) * factor).rounded()))
        let scaledHeight = max(side, Int((Double(height) * factor).rounded()))
        guard let scaled = resized(image, width: scaledWidth, height: scaledHeight) else { return nil }
        defer { gdImageDestroy(scaled) }
        var rectangle = gdRect(x: Int32((scaledWidth - side) / 2), y: Int32((scaledHeight - side) / 2), width: Int32(side), height: Int32(side))
        return gdImageCrop(scaled, &rectangle)
    }

    /// JPEG bytes. gd writes no EXIF, so no GPS position travels with a derivative.
    private static func jpeg(_ image: gdImagePtr, quality: Int32) -> [UInt8] {
        var size: Int32 = 0
        guard let pointer = gdImageJpegPtr(image, &size, quality) else { return [] }
        defer { gdFree(pointer) }
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(size)))
    }
}
