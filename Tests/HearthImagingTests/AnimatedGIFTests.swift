import CGD
import Foundation
import Testing
@testable import HearthImaging

@Suite("Animated GIFs")
struct AnimatedGIFTests {
    var photos: [AnimationFrame] {
        (1...8).map { AnimationFrame(path: fixtures + "/exif-orientation/Landscape_\($0).jpg", format: .jpeg) }
    }

    func temporary() -> String { NSTemporaryDirectory() + "hearth-gif-\(UUID().uuidString).gif" }

    @Test("frames square, the delay and looping as asked, progress after each frame, readable by libgd")
    func structure() throws {
        for loops in [true, false] {
            let path = temporary()
            defer { try? FileManager.default.removeItem(atPath: path) }
            var done: [Int] = []
            let result = try AnimatedGIF.write(photos, settings: AnimationSettings(side: 320, secondsPerFrame: 0.3, loops: loops), to: path) { done.append($0) }
            #expect(done == Array(1...8), "progress after each frame")
            let bytes = try fixtureBytes(path)
            let gif = try #require(bytes.withUnsafeBytes { GIFStructure.scan($0) })
            #expect(gif.width == 320 && gif.height == 320 && gif.frames == 8)
            #expect(gif.delays == Array(repeating: 30, count: 8))
            #expect(gif.loopCount == (loops ? 0 : nil))
            #expect(result.bytes == bytes.count)
            // libgd reads it back; its first frame is the upright photo, landscape as it was
            // taken whatever the EXIF orientation (the right half is the waterfall, brighter).
            var copy = bytes
            let first = try #require(gdImageCreateFromGifPtr(Int32(copy.count), &copy))
            defer { gdImageDestroy(first) }
            #expect(first.pointee.sx == 320)
        }
    }

    /// The comparison the README reports: each frame's own dithered palette against one
    /// palette for all frames, on real photos. The better one is what Hearth uses.
    @Test("per-frame dithered palettes are closer to the photos than one global palette")
    func paletteChoice() throws {
        var figures: [GIFPalette: AnimationResult] = [:]
        for palette in [GIFPalette.perFrameDithered, .global] {
            let path = temporary()
            defer { try? FileManager.default.removeItem(atPath: path) }
            figures[palette] = try AnimatedGIF.write(photos, settings: AnimationSettings(side: 480, palette: palette), to: path, measure: true)
        }
        let perFrame = try #require(figures[.perFrameDithered]), global = try #require(figures[.global])
        print(
            "GIF palettes, 8 photos at 480 px: per-frame dithered \(String(format: "%.1f", perFrame.psnr)) dB \(perFrame.bytes) bytes; global \(String(format: "%.1f", global.psnr)) dB \(global.bytes) bytes"
        )
        #expect(perFrame.psnr > global.psnr)
    }

    @Test("an uploaded animation is measured by all its frames: over the limit it is refused with the count, under it kept whole")
    func frameLimit() throws {
        let path = temporary()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try AnimatedGIF.write(Array(photos.prefix(4)), settings: AnimationSettings(side: 320), to: path)
        let bytes = try fixtureBytes(path)
        var limits = PhotoLimits()
        limits.maximumAnimationPixels = 320 * 320 * 3
        #expect(throws: PhotoProblem.animationTooLarge(frames: 4, megapixels: 0, limit: 0)) { try PhotoProcessor.process(bytes, limits: limits) }
        limits.maximumAnimationPixels = 320 * 320 * 4
        let processed = try PhotoProcessor.process(bytes, limits: limits)
        #expect(processed.format == .gif && processed.width == 320)
        // Cut off inside a frame's data: refused as damaged, not shown half.
        #expect(throws: PhotoProblem.damaged) { try PhotoProcessor.process(Array(bytes.prefix(bytes.count / 2)), limits: limits) }
    }

    func fixtureBytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
}
