import Testing
@testable import HearthImaging

@Suite("Headers and EXIF")
struct HeaderAndExifTests {
    @Test("EXIF orientation is read from each fixture", arguments: 1...8)
    func orientation(value: Int) throws {
        let bytes = try fixture("exif-orientation/Landscape_\(value).jpg")
        #expect(bytes.withUnsafeBytes { Exif.read(jpeg: $0).orientation } == value)
    }

    @Test("JPEG size comes from the frame header, before decoding")
    func jpegSize() throws {
        let bytes = try fixture("exif-orientation/Landscape_6.jpg")
        let size = bytes.withUnsafeBytes { ImageHeader.size(of: $0, format: .jpeg) }
        // Orientation 6 stores the picture turned: 1200 wide, 1800 high.
        #expect(size == ImageHeader.Size(width: 1200, height: 1800))
    }

    @Test("magic bytes decide, not names")
    func sniffing() {
        #expect([UInt8]([0xFF, 0xD8, 0xFF, 0xE0]).withUnsafeBytes { ImageFormat.sniff($0) } == .jpeg)
        #expect(Array("GIF89a......".utf8).withUnsafeBytes { ImageFormat.sniff($0) } == .gif)
        #expect(Array("<html>".utf8).withUnsafeBytes { ImageFormat.sniff($0) } == nil)
        let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        #expect(heic.withUnsafeBytes { ImageFormat.sniff($0) } == .heif)
        let avif: [UInt8] = [0, 0, 0, 24] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1miaf".utf8)
        #expect(avif.withUnsafeBytes { ImageFormat.sniff($0) } == .avif)
    }
}
