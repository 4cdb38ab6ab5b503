/// What a GIF holds, read from its block structure without decoding a pixel: the screen
/// size, each frame's size and delay, and whether it loops. Used to refuse an animation
/// whose frames together are too many pixels (the header alone says nothing about that:
/// a 1000×1000 GIF of 5,000 frames is five gigapixels), and by tests.
public struct GIFStructure: Sendable, Equatable {
    public var width = 0
    public var height = 0
    public var framePixels: [Int] = []
    /// Each frame's delay in hundredths of a second (0 when it has no control block).
    public var delays: [Int] = []
    /// The NETSCAPE2.0 loop count: 0 loops forever; nil when absent (play once).
    public var loopCount: Int?

    public var frames: Int { framePixels.count }
    public var totalPixels: Int { framePixels.reduce(0, +) }

    /// Nil when the bytes are not a GIF or its blocks run past the end.
    public static func scan(_ bytes: UnsafeRawBufferPointer) -> GIFStructure? {
        guard bytes.count >= 13, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 else { return nil }
        var gif = GIFStructure()
        gif.width = Int(bytes[6]) | Int(bytes[7]) << 8
        gif.height = Int(bytes[8]) | Int(bytes[9]) << 8
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        var pendingDelay = 0
        /// Skips data sub-blocks (a length byte, that many bytes, … a zero).
        func skipSubBlocks(_ offset: inout Int) -> Bool {
            while offset < bytes.count {
                let length = Int(bytes[offset])
                offset += 1
                if length == 0 { return true }
                offset += length
            }
            return false
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x3B:  // trailer
                return gif
            case 0x21:  // extension
                guard offset + 2 < bytes.count else { return nil }
                let label = bytes[offset + 1]
                if label == 0xF9, offset + 7 < bytes.count {
                    pendingDelay = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8
                } else if label == 0xFF, offset + 18 < bytes.count, bytes[offset + 2] == 11,
                    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 3)..<(offset + 14)]), as: UTF8.self) == "NETSCAPE2.0"
                {
                    gif.loopCount = Int(bytes[offset + 16]) | Int(bytes[offset + 17]) << 8
                }
                offset += 2
                guard skipSubBlocks(&offset) else { return nil }
            case 0x2C:  // image descriptor
                guard offset + 10 <= bytes.count else { return nil }
                let width = Int(bytes[offset + 5]) | Int(bytes[offset + 6]) << 8
                let height = Int(bytes[offset + 7]) | Int(bytes[offset + 8]) << 8
                let flags = bytes[offset + 9]
                offset += 10
                if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }
                offset += 1  // LZW minimum code size
                guard skipSubBlocks(&offset) else { return nil }
                gif.framePixels.append(width * height)
                gif.delays.append(pendingDelay)
                pendingDelay = 0
            default:
                return nil
            }
        }
        // No trailer: a file cut short after its last whole frame still shows; keep what was read.
        return gif.frames > 0 ? gif : nil
    }
}
