import CGD
import Foundation
import Testing
@testable import HearthImaging

@Suite("Photos: orientation, derivatives, bad files")
struct PhotoProcessorTests {
    @Test("all nine EXIF orientation fixtures come out upright in both derivatives", arguments: 0...8)
    func upright(orientation: Int) throws {
        let reference = try PhotoProcessor.process(try fixture("exif-orientation/Landscape_1.jpg"))
        let photo = try PhotoProcessor.process(try fixture("exif-orientation/Landscape_\(orientation).jpg"))
        #expect(photo.width == 1800 && photo.height == 1200, "upright size")

        let preview = try Picture(jpeg: photo.preview), referencePreview = try Picture(jpeg: reference.preview)
        #expect(preview.width == 1600 && preview.height == 1067)
        let thumbnail = try Picture(jpeg: photo.thumbnail), referenceThumbnail = try Picture(jpeg: reference.thumbnail)
        #expect(thumbnail.width == 320 && thumbnail.height == 320)

        // The same picture, upright: cell colours agree closely. Turned or mirrored, they would not.
        #expect(preview.difference(from: referencePreview) < 6, "preview of Landscape_\(orientation)")
        #expect(thumbnail.difference(from: referenceThumbnail) < 6, "thumbnail of Landscape_\(orientation)")
    }

    @Test("the comparison above can fail: the same photo shown without its EXIF differs a lot")
    func comparisonDiscriminates() throws {
        // Landscape_3 stores the picture upside down; decoded plainly, it stays upside down.
        let upsideDown = try Picture(jpeg: try fixture("exif-orientation/Landscape_3.jpg"))
        let upright = try Picture(jpeg: try fixture("exif-orientation/Landscape_1.jpg"))
        #expect(upsideDown.difference(from: upright) > 15)
        #expect(upright.difference(from: upright) == 0)
    }

    @Test("derivatives carry no EXIF (no GPS position leaks)")
    func noExif() throws {
        let photo = try PhotoProcessor.process(try fixture("exif-orientation/Landscape_6.jpg"))
        for derivative in [photo.preview, photo.thumbnail] {
            #expect(derivative.starts(with: [0xFF, 0xD8, 0xFF]))
            let exifMarker: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
            #expect(!contains(derivative, exifMarker))
        }
    }

    @Test("the digest names the original bytes")
    func digest() throws {
        let bytes = try fixture("exif-orientation/Landscape_1.jpg")
        let photo = try PhotoProcessor.process(bytes)
        #expect(photo.sha256.count == 64)
        #expect(photo.sha256 == (try PhotoProcessor.process(bytes)).sha256)
        #expect(photo.sha256 != (try PhotoProcessor.process(try fixture("exif-orientation/Landscape_2.jpg"))).sha256)
        #expect(photo.format == .jpeg)
        #expect(photo.byteCount == bytes.count)
    }

    @Test("a truncated JPEG is damaged, not a grey-bottomed photo")
    func truncated() throws {
        let bytes = try fixture("exif-orientation/Landscape_1.jpg")
        #expect(throws: PhotoProblem.damaged) { try PhotoProcessor.process(Array(bytes.prefix(bytes.count / 2))) }
        #expect(throws: PhotoProblem.damaged) { try PhotoProcessor.process(Array(bytes.prefix(400))) }
    }

    @Test("a text file named .jpg is not a photo; an empty file is empty")
    func notAPhoto() {
        #expect(throws: PhotoProblem.notAPhoto) { try PhotoProcessor.process(Array("Dear diary, today the cat ate my homework.".utf8)) }
        #expect(throws: PhotoProblem.empty) { try PhotoProcessor.process([]) }
    }

    @Test("a PNG that claims 100000×100000 pixels is refused from its header, before decoding")
    func pixelBomb() {
        #expect(throws: PhotoProblem.tooManyPixels(width: 100_000, height: 100_000, limit: 50_000_000)) {
            try PhotoProcessor.process(Self.pngHeader(width: 100_000, height: 100_000))
        }
    }

    @Test("a file over the size limit is refused")
    func tooLarge() throws {
        let bytes = try fixture("exif-orientation/Landscape_1.jpg")
        #expect(throws: PhotoProblem.tooLarge(bytes: bytes.count, limit: 1000)) {
            try PhotoProcessor.process(bytes, limits: PhotoLimits(maximumBytes: 1000))
        }
    }

    @Test("PNG, GIF, WebP, AVIF and HEIF decode; transparency becomes white", arguments: [ImageFormat.png, .gif, .webp, .avif, .heif])
    func otherFormats(format: ImageFormat) throws {
        let source = twoColourPicture()
        defer { gdImageDestroy(source) }
        let bytes = try #require(encode(source, as: format), "libgd cannot write \(format) here")
        let sniffed = bytes.withUnsafeBytes { ImageFormat.sniff($0) }
        #expect(sniffed == format)
        let photo = try PhotoProcessor.process(bytes)
        #expect(photo.width == 300 && photo.height == 200)
        let preview = try Picture(jpeg: photo.preview)
        let left = preview.cell(0, 4, grid: 8), right = preview.cell(7, 4, grid: 8)
        #expect(left.r > 180 && left.b < 80, "left is red: \(left)")
        #expect(right.b > 180 && right.r < 80, "right is blue: \(right)")
        if format == .png || format == .webp {  // gd writes GIF, AVIF and HEIF without the alpha
            let top = preview.cell(4, 0, grid: 20)
            #expect(top.r > 200 && top.g > 200 && top.b > 200, "transparent top is white: \(top)")
        }
    }

    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + Array(repeating: 0, count: 64)
    }
}

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
}
