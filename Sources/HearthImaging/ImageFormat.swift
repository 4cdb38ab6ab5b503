/// The photo formats Hearth accepts, judged by their first bytes, never by a file's name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif, heif, avif

    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .heif: "image/heic"
        case .avif: "image/avif"
        }
    }

    public var fileExtension: String {
        switch self {
        case .heif: "heic"
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// Recognises a format from the magic bytes at the start of a file.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && zip(bytes[offset..<offset + prefix.count], prefix).allSatisfy { $0 == $1 }
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 16 {
            // ISO base media: the major brand and the compatible brands say HEIF or AVIF.
            let boxSize = min(Int(BigEndian.uint32(bytes, at: 0)), bytes.count, 256)
            var brands: [String] = []
            var offset = 8
            while offset + 4 <= boxSize {
                if offset != 12 { brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self)) }
                offset += 4
            }
            if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
            if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains($0) }) { return .heif }
        }
        return nil
    }
}

enum BigEndian {
    static func uint16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

enum LittleEndian {
    static func uint16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func uint24(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        uint24(bytes, at: offset) | UInt32(bytes[offset + 3]) << 24
    }
}
