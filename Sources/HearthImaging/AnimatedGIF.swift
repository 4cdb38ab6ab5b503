import CGD
import CHearthImaging
import Foundation
import HearthCore

/// How an animated GIF from photos is made.
public struct AnimationSettings: Sendable, Equatable {
    public static let sides = [320, 480, 640]
    public static let frames = 2...50
    public static let secondsPerFrame = 0.2...3.0

    public var side: Int
    public var secondsPerFrame: Double
    public var loops: Bool
    public var palette: GIFPalette

    public init(side: Int = 480, secondsPerFrame: Double = 0.8, loops: Bool = true, palette: GIFPalette = .perFrameDithered) {
        self.side = side
        self.secondsPerFrame = secondsPerFrame
        self.loops = loops
        self.palette = palette
    }
}

/// A GIF frame has at most 256 colours. Compared on real photos (`make bench`, README
/// "Animated GIFs"): each frame's own palette with Floyd–Steinberg dithering is clearly
/// closer to the photos than one global palette mapped without dither, for a slightly larger
/// file, so it is what Hearth uses; `.global` stays for that comparison.
public enum GIFPalette: String, Sendable {
    case perFrameDithered
    case global
}

/// One frame's source: a stored original and its format.
public struct AnimationFrame: Sendable {
    public let path: String
    public let format: ImageFormat

    public init(path: String, format: ImageFormat) {
        self.path = path
        self.format = format
    }
}

/// What came out: the frames written and, when measured, how close their colours are to the
/// photos (peak signal-to-noise ratio of 4×4 block averages over all frames, in dB; higher
/// is closer; NaN when not measured).
public struct AnimationResult: Sendable {
    public let frames: Int
    public let bytes: Int
    public let psnr: Double
}

/// Writes an animated GIF of square frames, one photo at a time: each is decoded shrunk
/// to about the frame's size, turned upright, cropped square, reduced to a palette and
/// appended to the file, then freed; the next photo is decoded meanwhile, so two frames at most.
/// Synchronous and CPU-bound: run it through `WorkerThreads`.
public enum AnimatedGIF {
    /// - Parameter measure: work out how close the colours are (`AnimationResult.psnr`);
    ///   for the palette comparison only, as it reads every pixel twice (a tenth of the time).
    public static func write(
        _ frames: [AnimationFrame], settings: AnimationSettings, to path: String, limits: PhotoLimits = PhotoLimits(),
        measure: Bool = false, progress: (Int) -> Void = { _ in }
    ) throws(PhotoProblem) -> AnimationResult {
        guard !frames.isEmpty else { throw .empty }
        guard let file = fopen(path, "wb") else { throw .damaged }
        var closed = false
        defer { if !closed { fclose(file) } }
        let side = settings.side
        let delay = Int32((settings.secondsPerFrame * 100).rounded())
        let global = settings.palette == .global ? try globalPalette(frames, side: side, limits: limits) : nil
        defer { if let global { gdImageDestroy(global) } }
        var squaredError = 0.0
        var begun = false
        // The next photo is decoded on a second thread while this one is reduced and written:
        // decoding (libjpeg) and palette work (libgd) are each about half the time, so this took
        // 50 frames of 9 MP JPEGs from 4.5 s to 3.9 s (make bench); two frames at most are in memory.
        var next: Prefetch? = Prefetch.start(frames[0], side: side, limits: limits)
        defer { next?.discard() }
        for index in frames.indices {
            guard let current = next else { throw .damaged }
            next = nil
            let decoded = current.result()
            if index + 1 < frames.count { next = Prefetch.start(frames[index + 1], side: side, limits: limits) }
            guard let truecolor = try decoded.get() else { throw .damaged }
            defer { gdImageDestroy(truecolor) }
            let paletted: gdImagePtr
            if let global {
                guard let copy = gdImageCreatePaletteFromTrueColor(truecolor, 0, 256) else { throw .damaged }
                gdImagePaletteCopy(copy, global)
                paletted = copy
            } else {
                guard let copy = gdImageCreatePaletteFromTrueColor(truecolor, 1, 256) else { throw .damaged }
                paletted = copy
            }
            defer { gdImageDestroy(paletted) }
            if measure { squaredError += meanSquaredError(truecolor, paletted) }
            if !begun {
                // 0 loops forever; -1 writes no loop block, so it plays once.
                gdImageGifAnimBegin(global ?? paletted, file, global == nil ? 0 : 1, settings.loops ? 0 : -1)
                begun = true
            }
            gdImageGifAnimAdd(paletted, file, global == nil ? 1 : 0, 0, 0, delay, 1 /* gdDisposalNone */, nil)
            progress(index + 1)
        }
        gdImageGifAnimEnd(file)
        guard fflush(file) == 0 else { throw .damaged }
        fclose(file)
        closed = true
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let mse = squaredError / Double(max(1, frames.count))
        return AnimationResult(frames: frames.count, bytes: bytes, psnr: !measure ? .nan : mse == 0 ? 99 : 10 * log10(255 * 255 / mse))
    }

    /// One photo being decoded on another thread.
    final class Prefetch: @unchecked Sendable {
        private let done = DispatchGroup()
        private var outcome: Result<gdImagePtr?, PhotoProblem> = .success(nil)
        private var taken = false
        private static let queue = DispatchQueue(label: "hearth.gif.decode")

        static func start(_ frame: AnimationFrame, side: Int, limits: PhotoLimits) -> Prefetch {
            let prefetch = Prefetch()
            queue.async(group: prefetch.done) {
                do throws(PhotoProblem) {
                    prefetch.outcome = .success(try AnimatedGIF.square(frame, side: side, limits: limits))
                } catch {
                    prefetch.outcome = .failure(error)
                }
            }
            return prefetch
        }

        /// Waits for the decode; the image is then the caller's to destroy.
        func result() -> Result<gdImagePtr?, PhotoProblem> {
            done.wait()
            taken = true
            return outcome
        }

        /// Frees a decode nobody will use (the GIF failed part way).
        func discard() {
            done.wait()
            if !taken, case .success(let image?) = outcome { gdImageDestroy(image) }
        }
    }

    /// One photo as an upright truecolor square of `side`.
    static func square(_ frame: AnimationFrame, side: Int, limits: PhotoLimits) throws(PhotoProblem) -> gdImagePtr? {
        guard let data = FileManager.default.contents(atPath: frame.path) else { throw .damaged }
        return data.withUnsafeBytes { buffer -> gdImagePtr? in
            let exif = frame.format == .jpeg ? Exif.read(jpeg: buffer) : Exif()
            guard let decoded = PhotoProcessor.decode(buffer, format: frame.format, maximumPixels: limits.maximumPixels, atLeast: side) else { return nil }
            defer { gdImageDestroy(decoded) }
            guard let upright = hearth_orient(decoded, Int32(exif.orientation)) else { return nil }
            defer { gdImageDestroy(upright) }
            return PhotoProcessor.squareCrop(upright, side: side)
        }
    }

    /// The comparison's other choice: one palette for all frames, from a contact sheet of
    /// every frame at 48 px (a first pass over the photos).
    static func globalPalette(_ frames: [AnimationFrame], side: Int, limits: PhotoLimits) throws(PhotoProblem) -> gdImagePtr? {
        let tile = 48
        let columns = Int(Double(frames.count).squareRoot().rounded(.up))
        guard let sheet = gdImageCreateTrueColor(Int32(tile * columns), Int32(tile * columns)) else { throw .damaged }
        defer { gdImageDestroy(sheet) }
        for (index, frame) in frames.enumerated() {
            guard let square = try square(frame, side: tile, limits: limits) else { throw .damaged }
            gdImageCopy(sheet, square, Int32(index % columns * tile), Int32(index / columns * tile), 0, 0, Int32(tile), Int32(tile))
            gdImageDestroy(square)
        }
        return gdImageCreatePaletteFromTrueColor(sheet, 0, 256)
    }

    /// Mean squared error of 4×4 block averages: the colours as the eye takes them in at a
    /// glance, where dithering's fine noise averages out and banding or a wrong hue does not.
    private static func meanSquaredError(_ original: gdImagePtr, _ paletted: gdImagePtr) -> Double {
        let width = Int32(original.pointee.sx), height = Int32(original.pointee.sy), block: Int32 = 4
        var sum = 0.0, blocks = 0.0
        for top in stride(from: 0, to: height - block + 1, by: Int(block)) {
            for left in stride(from: 0, to: width - block + 1, by: Int(block)) {
                var a = (0.0, 0.0, 0.0), b = (0.0, 0.0, 0.0)
                for y in top..<(top + block) {
                    for x in left..<(left + block) {
                        let p = gdImageGetTrueColorPixel(original, x, y), q = gdImageGetTrueColorPixel(paletted, x, y)
                        a.0 += Double((p >> 16) & 0xff)
                        a.1 += Double((p >> 8) & 0xff)
                        a.2 += Double(p & 0xff)
                        b.0 += Double((q >> 16) & 0xff)
                        b.1 += Double((q >> 8) & 0xff)
                        b.2 += Double(q & 0xff)
                    }
                }
                let n = Double(block * block)
                sum += (pow((a.0 - b.0) / n, 2) + pow((a.1 - b.1) / n, 2) + pow((a.2 - b.2) / n, 2)) / 3
                blocks += 1
            }
        }
        return blocks == 0 ? 0 : sum / blocks
    }
}
