/// The size of a HEIF or AVIF file's primary image: the one libheif decodes.
///
/// Scanning the file for any `ispe` box lets a forged one decide (a small size hidden in
/// a `free` box while the real image is 16000 × 16000), so this follows the boxes the way
/// the decoder does: `meta` → `pitm` names the primary item, `iprp/ipma` lists its
/// properties, and its own `ispe` in `iprp/ipco` is its size. A `grid` item (how phones
/// store big photos, as tiles) is decoded to the output size written in the grid's own
/// data, so that size counts too. Anything missing or out of bounds: no size, refused.
enum ISOImageSize {
    static func primary(_ bytes: UnsafeRawBufferPointer) -> ImageHeader.Size? {
        guard let items = ImageItems(bytes),
            let primary = items.metaBoxes.first(where: { $0.type == "pitm" }).flatMap({ items.file.primaryItem($0) }),
            var size = items.extents(of: primary)
        else { return nil }
        if items.file.itemType(of: primary, in: items.metaBoxes) == "grid" {
            guard let grid = items.file.gridOutputSize(of: primary, in: items.metaBoxes) else { return nil }
            if grid.pixels > size.pixels { size = grid }
        }
        return size
    }

    /// The largest single HEVC-coded image in the file (the primary, or a grid's tiles).
    /// libde265 holds about ten bytes a pixel of its coded frame while decoding, whatever
    /// the image is scaled to afterwards: this is what a HEIC costs in memory.
    static func largestHEVCFrame(_ bytes: UnsafeRawBufferPointer) -> ImageHeader.Size? {
        guard let items = ImageItems(bytes) else { return nil }
        return items.file.items(in: items.metaBoxes).filter { $0.type == "hvc1" }
            .compactMap { items.extents(of: $0.id) }.max(by: { $0.pixels < $1.pixels })
    }
}

/// A file's `meta` box and its item properties (`iprp`: the `ipco` list and the `ipma`
/// associations), read once for the questions above.
private struct ImageItems {
    let file: Boxes
    let metaBoxes: [Boxes.Box]
    private let declared: [Boxes.Box]
    private let associations: [Boxes.Box]

    init?(_ bytes: UnsafeRawBufferPointer) {
        file = Boxes(bytes: bytes)
        guard let meta = file.children(in: 0..<bytes.count).first(where: { $0.type == "meta" }), meta.payload.count > 4 else { return nil }
        metaBoxes = file.children(in: meta.payload.lowerBound + 4..<meta.payload.upperBound)
        guard let properties = metaBoxes.first(where: { $0.type == "iprp" }) else { return nil }
        let propertyBoxes = file.children(in: properties.payload)
        guard let container = propertyBoxes.first(where: { $0.type == "ipco" }) else { return nil }
        declared = file.children(in: container.payload)
        associations = propertyBoxes.filter { $0.type == "ipma" }
    }

    /// The largest `ispe` associated with `item`: its size. Property indices count from 1; 0 means "none".
    func extents(of item: Int) -> ImageHeader.Size? {
        associations.flatMap { file.associations($0, of: item) }.compactMap { index in
            index >= 1 && index <= declared.count && declared[index - 1].type == "ispe" ? file.spatialExtents(declared[index - 1]) : nil
        }.max(by: { $0.pixels < $1.pixels })
    }
}

/// ISO base media boxes over an untrusted buffer. Every read is bounds-checked and
/// answers nil past the end; no value from the file is used in arithmetic that can trap.
private struct Boxes {
    struct Box {
        let type: String
        let payload: Range<Int>
    }

    let bytes: UnsafeRawBufferPointer

    /// The boxes laid end to end in `range`, up to the first that does not fit.
    func children(in range: Range<Int>) -> [Box] {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, boxes.count < 4096 {
            var cursor = Cursor(bytes: bytes, at: offset, end: range.upperBound)
            guard let size32 = cursor.u32(), let type = cursor.fourCC() else { break }
            var size: Int
            if size32 == 1 {
                guard let size64 = cursor.u64(), size64 <= UInt64(range.upperBound - offset) else { break }
                size = Int(size64)
            } else if size32 == 0 {
                size = range.upperBound - offset  // to the end of the enclosing box
            } else {
                size = size32
            }
            let header = cursor.at - offset
            guard size >= header, size <= range.upperBound - offset else { break }
            boxes.append(Box(type: type, payload: offset + header..<offset + size))
            offset += size
        }
        return boxes
    }

    func primaryItem(_ pitm: Box) -> Int? {
        var cursor = Cursor(bytes: bytes, at: pitm.payload.lowerBound, end: pitm.payload.upperBound)
        guard let version = cursor.u8(), cursor.skip(3) else { return nil }
        return version == 0 ? cursor.u16() : cursor.u32()
    }

    /// The property indices `ipma` associates with `item`.
    func associations(_ ipma: Box, of item: Int) -> [Int] {
        var cursor = Cursor(bytes: bytes, at: ipma.payload.lowerBound, end: ipma.payload.upperBound)
        guard let version = cursor.u8(), let flags = cursor.u24(), let entries = cursor.u32() else { return [] }
        var found: [Int] = []
        for _ in 0..<min(entries, 65536) {
            guard let id = version < 1 ? cursor.u16() : cursor.u32(), let count = cursor.u8() else { return found }
            for _ in 0..<count {
                // The top bit says "essential"; the rest is the index.
                guard let raw = flags & 1 == 1 ? cursor.u16() : cursor.u8() else { return found }
                if id == item { found.append(raw & (flags & 1 == 1 ? 0x7FFF : 0x7F)) }
            }
        }
        return found
    }

    func spatialExtents(_ ispe: Box) -> ImageHeader.Size? {
        var cursor = Cursor(bytes: bytes, at: ispe.payload.lowerBound, end: ispe.payload.upperBound)
        guard cursor.skip(4), let width = cursor.u32(), let height = cursor.u32() else { return nil }
        return ImageHeader.Size(width: width, height: height)
    }

    /// The `item_type` of `item` in `iinf` ("av01", "hvc1", "grid", "Exif" …).
    func itemType(of item: Int, in metaBoxes: [Box]) -> String? {
        items(in: metaBoxes).first { $0.id == item }?.type
    }

    /// Every item `iinf` lists, with its type.
    func items(in metaBoxes: [Box]) -> [(id: Int, type: String)] {
        guard let iinf = metaBoxes.first(where: { $0.type == "iinf" }) else { return [] }
        var cursor = Cursor(bytes: bytes, at: iinf.payload.lowerBound, end: iinf.payload.upperBound)
        guard let version = cursor.u8(), cursor.skip(3), version == 0 ? cursor.skip(2) : cursor.skip(4) else { return [] }
        return children(in: cursor.at..<iinf.payload.upperBound).compactMap { infe in
            guard infe.type == "infe" else { return nil }
            var entry = Cursor(bytes: bytes, at: infe.payload.lowerBound, end: infe.payload.upperBound)
            guard let entryVersion = entry.u8(), entryVersion >= 2, entry.skip(3),
                let id = entryVersion == 2 ? entry.u16() : entry.u32(), entry.skip(2), let type = entry.fourCC()
            else { return nil }
            return (id, type)
        }
    }

    /// A grid item's output size, from its data (found through `iloc`, in the file or in `idat`).
    func gridOutputSize(of item: Int, in metaBoxes: [Box]) -> ImageHeader.Size? {
        guard let iloc = metaBoxes.first(where: { $0.type == "iloc" }) else { return nil }
        var cursor = Cursor(bytes: bytes, at: iloc.payload.lowerBound, end: iloc.payload.upperBound)
        guard let version = cursor.u8(), cursor.skip(3), let sizes = cursor.u8(), let sizes2 = cursor.u8(),
            let count = version < 2 ? cursor.u16() : cursor.u32()
        else { return nil }
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseOffsetSize = sizes2 >> 4
        let indexSize = version == 1 || version == 2 ? sizes2 & 15 : 0
        for _ in 0..<min(count, 65536) {
            guard let id = version < 2 ? cursor.u16() : cursor.u32() else { return nil }
            var method = 0
            if version == 1 || version == 2 {
                guard let raw = cursor.u16() else { return nil }
                method = raw & 15
            }
            guard cursor.skip(2), let base = cursor.uint(bytes: baseOffsetSize), let extents = cursor.u16() else { return nil }
            var first: Int?
            for _ in 0..<extents {
                guard cursor.skip(indexSize), let offset = cursor.uint(bytes: offsetSize), cursor.uint(bytes: lengthSize) != nil else { return nil }
                if first == nil { first = offset }
            }
            guard id == item, let first else { continue }
            let start: Int
            switch method {
            case 0: start = base + first
            case 1:
                guard let idat = metaBoxes.first(where: { $0.type == "idat" }) else { return nil }
                start = idat.payload.lowerBound + base + first
            default: return nil
            }
            var grid = Cursor(bytes: bytes, at: start, end: bytes.count)
            guard grid.skip(1), let flags = grid.u8(), grid.skip(2),
                let width = flags & 1 == 1 ? grid.u32() : grid.u16(),
                let height = flags & 1 == 1 ? grid.u32() : grid.u16()
            else { return nil }
            return ImageHeader.Size(width: width, height: height)
        }
        return nil
    }
}

/// Reads big-endian numbers forward from `at`, never past `end`.
private struct Cursor {
    let bytes: UnsafeRawBufferPointer
    private(set) var at: Int
    let end: Int

    init(bytes: UnsafeRawBufferPointer, at: Int, end: Int) {
        self.bytes = bytes
        self.at = max(0, at)
        self.end = min(end, bytes.count)
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= end - at else { return false }
        at += count
        return true
    }

    /// An unsigned number of `count` bytes (0, 1, 2, 4 or 8); 8-byte ones above 2^48 are refused.
    mutating func uint(bytes count: Int) -> Int? {
        guard count >= 0, count <= 8, count <= end - at else { return nil }
        var value: UInt64 = 0
        for index in 0..<count { value = value << 8 | UInt64(bytes[at + index]) }
        guard value < 1 << 48 else { return nil }
        at += count
        return Int(value)
    }

    mutating func u8() -> Int? { uint(bytes: 1) }
    mutating func u16() -> Int? { uint(bytes: 2) }
    mutating func u24() -> Int? { uint(bytes: 3) }
    mutating func u32() -> Int? { uint(bytes: 4) }

    mutating func u64() -> UInt64? {
        guard let high = u32(), let low = u32() else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    mutating func fourCC() -> String? {
        guard end - at >= 4 else { return nil }
        defer { at += 4 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self)
    }
}
