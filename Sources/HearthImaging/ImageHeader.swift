/// Pixel sizes read from a file's header, before anything is decoded: a 100000×100000
/// "photo" of a few kilobytes must be refused before it asks for 40 GB of memory.
///
/// Every number here comes from a stranger's file, so none is trusted in arithmetic:
/// sizes are at most 32 bits wide, offsets are checked against the buffer before use,
/// and `pixels` saturates instead of trapping (a trap takes the whole server down).
public enum ImageHeader {
    public struct Size: Sendable, Equatable {
        public let width: Int
        public let height: Int
        /// width × height, or `Int.max` when that does not fit: still "too many".
        public var pixels: Int {
            let (product, overflow) = width.multipliedReportingOverflow(by: height)
            return overflow || width < 0 || height < 0 ? Int.max : product
        }
    }

    public static func size(of bytes: UnsafeRawBufferPointer, format: ImageFormat) -> Size? {
        switch format {
        case .jpeg: jpeg(bytes)
        case .png: bytes.count >= 24 ? Size(width: Int(BigEndian.uint32(bytes, at: 16)), height: Int(BigEndian.uint32(bytes, at: 20))) : nil
        case .gif: bytes.count >= 10 ? Size(width: Int(LittleEndian.uint16(bytes, at: 6)), height: Int(LittleEndian.uint16(bytes, at: 8))) : nil
        case .webp: webp(bytes)
        case .heif, .avif: ISOImageSize.primary(bytes)
        }
    }

    /// Walks the JPEG markers to the first start-of-frame.
    private static func jpeg(_ bytes: UnsafeRawBufferPointer) -> Size? {
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            let length = Int(BigEndian.uint16(bytes, at: offset + 2))
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                return Size(width: Int(BigEndian.uint16(bytes, at: offset + 7)), height: Int(BigEndian.uint16(bytes, at: offset + 5)))
            }
            offset += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: UnsafeRawBufferPointer) -> Size? {
        guard bytes.count >= 30 else { return nil }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            return Size(width: Int(LittleEndian.uint16(bytes, at: 26) & 0x3FFF), height: Int(LittleEndian.uint16(bytes, at: 28) & 0x3FFF))
        case "VP8L":
            let bits = LittleEndian.uint32(bytes, at: 21)
            return Size(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return Size(width: Int(LittleEndian.uint24(bytes, at: 24)) + 1, height: Int(LittleEndian.uint24(bytes, at: 27)) + 1)
        default:
            return nil
        }
    }
}
