import CGD
import Foundation
import HearthCore
import Testing
@testable import HearthImaging

/// Files made to hurt: sizes that overflow, forged HEIF sizes. Each of these took the
/// server down or past its memory limit before (issue 8).
@Suite("Hostile headers")
struct HostileHeaderTests {
    @Test("a PNG claiming 4294967295 × 4294967295 is refused, not a trap")
    func maximalPNG() {
        let boom = PhotoProcessorTests.pngHeader(width: .max, height: .max)
        #expect(throws: PhotoProblem.tooManyPixels(width: 4_294_967_295, height: 4_294_967_295, limit: 50_000_000)) {
            try PhotoProcessor.process(boom)
        }
        #expect(ImageHeader.Size(width: 4_294_967_295, height: 4_294_967_295).pixels == Int.max)
    }

    @Test("forty random bytes after a PNG signature never trap", arguments: 0..<64)
    func randomAfterSignature(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<40).map { _ in random.byte() }
        #expect(throws: PhotoProblem.self) { try PhotoProcessor.process(bytes) }
    }

    @Test("a HEIF or AVIF whose ispe says 0xFFFFFFFF × 0xFFFFFFFF is refused", arguments: [ImageFormat.avif, .heif])
    func maximalISPE(format: ImageFormat) throws {
        var file = try ISOFile(sample(format))
        file.setPrimaryExtents(width: .max, height: .max)
        #expect(throws: PhotoProblem.tooManyPixels(width: 4_294_967_295, height: 4_294_967_295, limit: 50_000_000)) {
            try PhotoProcessor.process(file.bytes)
        }
    }

    @Test("the size is the primary item's own ispe, read through iprp/ipma", arguments: [ImageFormat.avif, .heif])
    func primaryItemSize(format: ImageFormat) throws {
        let bytes = try sample(format)
        #expect(bytes.withUnsafeBytes { ImageHeader.size(of: $0, format: format) } == ImageHeader.Size(width: 300, height: 200))
    }

    /// The attack of issue 8: a 1.1 MB `free` box after `ftyp` holds a fake 10 × 10 `ispe`,
    /// the item locations are shifted to match, so the file still decodes. Scanning the first
    /// megabyte for `ispe` found only the fake one and let the real size through.
    @Test("a forged ispe in a free box does not hide the real size", arguments: [ImageFormat.avif, .heif])
    func forgedExtentsInFreeBox(format: ImageFormat) throws {
        var file = try ISOFile(sample(format))
        file.insertFreeBoxAfterFileType(size: 1_100_000, holdingExtents: (10, 10))
        let limits = PhotoLimits(maximumPixels: 300 * 200 - 1)
        #expect(file.bytes.withUnsafeBytes { ImageHeader.size(of: $0, format: format) } == ImageHeader.Size(width: 300, height: 200))
        #expect(throws: PhotoProblem.tooManyPixels(width: 300, height: 200, limit: limits.maximumPixels)) {
            try PhotoProcessor.process(file.bytes, limits: limits)
        }
        // The forged file is otherwise sound: within the limit it decodes at its real size.
        let photo = try PhotoProcessor.process(file.bytes)
        #expect(photo.width == 300 && photo.height == 200)
    }

    @Test("a HEIF with no ispe for its primary item is damaged")
    func missingExtents() throws {
        var file = try ISOFile(sample(.avif))
        file.renamePrimaryExtents(to: "ispx")
        #expect(throws: PhotoProblem.damaged) { try PhotoProcessor.process(file.bytes) }
    }

    private func sample(_ format: ImageFormat) throws -> [UInt8] {
        let source = twoColourPicture()
        defer { gdImageDestroy(source) }
        return try #require(encode(source, as: format), "libgd cannot write \(format) here")
    }
}

/// Just enough of an ISO base media writer to forge the files above, on a file libheif
/// wrote: boxes are found by walking, never by searching for their names.
struct ISOFile {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) throws { self.bytes = bytes }

    struct Box {
        let type: String
        let start: Int
        let size: Int
        var payload: Int { start + 8 }
    }

    func boxes(from start: Int, to end: Int) -> [Box] {
        var result: [Box] = [], offset = start
        while offset + 8 <= end {
            let size = Int(u32(at: offset))
            guard size >= 8, offset + size <= end else { break }
            result.append(Box(type: String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), start: offset, size: size))
            offset += size
        }
        return result
    }

    func child(_ type: String, of box: Box, fullBox: Bool = false) -> Box? {
        boxes(from: box.payload + (fullBox ? 4 : 0), to: box.start + box.size).first { $0.type == type }
    }

    var meta: Box { boxes(from: 0, to: bytes.count).first { $0.type == "meta" }! }

    /// Every ispe in ipco (libheif writes one image item, so one ispe).
    var extentsBoxes: [Box] {
        let ipco = child("ipco", of: child("iprp", of: meta, fullBox: true)!)!
        return boxes(from: ipco.payload, to: ipco.start + ipco.size).filter { $0.type == "ispe" }
    }

    mutating func setPrimaryExtents(width: UInt32, height: UInt32) {
        for box in extentsBoxes {
            put(width, at: box.payload + 4)
            put(height, at: box.payload + 8)
        }
    }

    mutating func renamePrimaryExtents(to name: String) {
        for box in extentsBoxes { bytes.replaceSubrange(box.start + 4..<box.start + 8, with: Array(name.utf8)) }
    }

    /// Inserts `free` (with a fake ispe inside) after ftyp and moves iloc's file offsets
    /// (construction method 0) by the same amount, so the decoder still finds its data.
    mutating func insertFreeBoxAfterFileType(size: Int, holdingExtents fake: (UInt32, UInt32)) {
        let ftyp = boxes(from: 0, to: bytes.count)[0]
        var free = be(UInt32(size)) + Array("free".utf8)
        free += be(20) + Array("ispe".utf8) + [0, 0, 0, 0] + be(fake.0) + be(fake.1)
        free += Array(repeating: 0, count: size - free.count)
        let iloc = child("iloc", of: meta, fullBox: true)!
        shiftLocations(iloc, by: size)
        bytes.insert(contentsOf: free, at: ftyp.start + ftyp.size)
    }

    private mutating func shiftLocations(_ iloc: Box, by delta: Int) {
        var at = iloc.payload
        let version = bytes[at]
        at += 4
        let offsetSize = Int(bytes[at] >> 4), lengthSize = Int(bytes[at] & 15), baseSize = Int(bytes[at + 1] >> 4)
        let indexSize = version == 1 || version == 2 ? Int(bytes[at + 1] & 15) : 0
        at += 2
        let count = version < 2 ? Int(u16(at: at)) : Int(u32(at: at))
        at += version < 2 ? 2 : 4
        for _ in 0..<count {
            at += version < 2 ? 2 : 4
            var method = 0
            if version == 1 || version == 2 {
                method = Int(u16(at: at) & 15)
                at += 2
            }
            at += 2
            // A file offset is base + extent offset: move the base when there is one, else each extent.
            if method == 0 && baseSize > 0 { add(delta, at: at, size: baseSize) }
            at += baseSize
            let extents = Int(u16(at: at))
            at += 2
            for _ in 0..<extents {
                at += indexSize
                if method == 0 && baseSize == 0 { add(delta, at: at, size: offsetSize) }
                at += offsetSize + lengthSize
            }
        }
    }

    private mutating func add(_ delta: Int, at offset: Int, size: Int) {
        var value = 0
        for index in 0..<size { value = value << 8 | Int(bytes[offset + index]) }
        value += delta
        for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index))) }
    }

    private func u16(at offset: Int) -> UInt16 { UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]) }
    private func u32(at offset: Int) -> UInt32 { UInt32(u16(at: offset)) << 16 | UInt32(u16(at: offset + 2)) }
    private mutating func put(_ value: UInt32, at offset: Int) { bytes.replaceSubrange(offset..<offset + 4, with: be(value)) }
    private func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) } }
}

@Suite("HEIC memory")
struct HEICFrameTests {
    @Test("a HEIC whose single HEVC frame is over the frame limit is refused before decoding; AVIF is not held to it")
    func frameLimit() throws {
        let source = twoColourPicture()
        defer { gdImageDestroy(source) }
        let heic = try #require(encode(source, as: .heif))
        #expect(heic.withUnsafeBytes { ISOImageSize.largestHEVCFrame($0) } == ImageHeader.Size(width: 300, height: 200))
        let limits = PhotoLimits(maximumHEVCFramePixels: 300 * 200 - 1)
        #expect(throws: PhotoProblem.tooManyPixels(width: 300, height: 200, limit: 300 * 200 - 1)) { try PhotoProcessor.process(heic, limits: limits) }
        let avif = try #require(encode(source, as: .avif))
        #expect(try PhotoProcessor.process(avif, limits: limits).width == 300)
    }
}
