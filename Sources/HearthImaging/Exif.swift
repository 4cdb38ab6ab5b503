import Foundation

/// The two things Hearth reads from a JPEG's EXIF block: which way up the camera was
/// held, and when the photo was taken. Derivatives carry no EXIF at all.
public struct Exif: Sendable, Equatable {
    /// 1…8 as in the EXIF standard; 1 is upright.
    public var orientation: Int = 1
    /// DateTimeOriginal as written by the camera ("2024:05:01 18:30:00", local time, no zone).
    public var takenAt: String?

    public static func read(jpeg bytes: UnsafeRawBufferPointer) -> Exif {
        var exif = Exif()
        var offset = 2
        while offset + 4 < bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xDA || marker == 0xD9 { break }  // image data starts: no more metadata
            let length = Int(BigEndian.uint16(bytes, at: offset + 2))
            let start = offset + 4
            if marker == 0xE1, start + 6 <= bytes.count, length >= 8,
                bytes[start] == 0x45, bytes[start + 1] == 0x78, bytes[start + 2] == 0x69, bytes[start + 3] == 0x66
            {  // "Exif"
                let tiff = start + 6
                let end = min(offset + 2 + length, bytes.count)
                exif.readTIFF(UnsafeRawBufferPointer(rebasing: bytes[tiff..<end]))
                break
            }
            offset += 2 + length
        }
        return exif
    }

    private mutating func readTIFF(_ tiff: UnsafeRawBufferPointer) {
        guard tiff.count >= 8 else { return }
        let little = tiff[0] == 0x49  // "II"
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return Int(little ? LittleEndian.uint16(tiff, at: at) : BigEndian.uint16(tiff, at: at))
        }
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= tiff.count else { return nil }
            return Int(little ? LittleEndian.uint32(tiff, at: at) : BigEndian.uint32(tiff, at: at))
        }
        /// Calls `visit(tag, type, count, valueOffset)` for each entry of the directory at `at`.
        func entries(_ at: Int, _ visit: (Int, Int, Int, Int) -> Void) {
            guard let count = u16(at), count < 1000 else { return }
            for index in 0..<count {
                let entry = at + 2 + index * 12
                guard let tag = u16(entry), let type = u16(entry + 2), let n = u32(entry + 4) else { return }
                visit(tag, type, n, entry + 8)
            }
        }
        guard let first = u32(4) else { return }
        var exifDirectory: Int?
        entries(first) { tag, _, _, value in
            if tag == 0x0112, let raw = u16(value), (1...8).contains(raw) { orientation = raw }
            if tag == 0x8769 { exifDirectory = u32(value) }
        }
        if let exifDirectory {
            entries(exifDirectory) { tag, type, count, value in
                guard tag == 0x9003, type == 2, count >= 19, let at = u32(value), at + 19 <= tiff.count else { return }
                takenAt = String(decoding: tiff[at..<at + 19], as: UTF8.self)
            }
        }
    }
}
