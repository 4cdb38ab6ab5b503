import HearthHTML

/// A QR code (ISO/IEC 18004) of a short text, drawn as SVG: byte mode, error correction M,
/// versions 1 to 9 (up to 180 bytes — an address with room to spare). What the connect page
/// shows a phone's camera; no script, no picture file.
public struct QRCode: Sendable {
    /// Dark modules, row by row.
    public let modules: [[Bool]]
    public var size: Int { modules.count }

    /// Per version 1…9 at level M: error-correction bytes per block, and the blocks' data lengths.
    static let blocks: [(ecc: Int, data: [Int])] = [
        (10, [16]), (16, [28]), (26, [44]), (18, [32, 32]), (24, [43, 43]), (16, [27, 27, 27, 27]),
        (18, [31, 31, 31, 31]), (22, [38, 38, 39, 39]), (22, [36, 36, 36, 37, 37]),
    ]
    static let alignment: [[Int]] = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46]]

    /// Nil when the text is too long for version 9.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let version = (1...9).first(where: { Self.blocks[$0 - 1].data.reduce(0, +) >= bytes.count + 2 }) else { return nil }
        var grid = Grid(version: version)
        grid.drawFunctionPatterns()
        grid.drawCodewords(Self.codewords(bytes, version: version))
        var best: Grid?
        var bestPenalty = Int.max
        for mask in 0..<8 {
            var candidate = grid
            candidate.apply(mask: mask)
            candidate.drawFormat(mask: mask)
            let penalty = candidate.penalty
            if penalty < bestPenalty { (best, bestPenalty) = (candidate, penalty) }
        }
        modules = best!.modules
    }

    /// The code as SVG with its quiet zone, one path of dark squares.
    public func svg(label: String) -> HTML {
        var path = ""
        for (y, row) in modules.enumerated() {
            for (x, dark) in row.enumerated() where dark { path += "M\(x + 4) \(y + 4)h1v1h-1z" }
        }
        let side = size + 8
        return
            "<svg class=\"qr-code\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" aria-label=\"\(label)\" shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
    }

    /// Mode, count, bytes, terminator and padding; then each block's Reed–Solomon bytes; interleaved.
    static func codewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let (ecc, lengths) = blocks[version - 1]
        let capacity = lengths.reduce(0, +) * 8
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) } }
        append(0b0100, 4)
        append(bytes.count, 8)
        for byte in bytes { append(Int(byte), 8) }
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var data = stride(from: 0, to: bits.count, by: 8).map { start in bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) } }
        var pad: UInt8 = 0xEC
        while data.count * 8 < capacity {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        let divisor = ReedSolomon.divisor(degree: ecc)
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for length in lengths {
            dataBlocks.append(Array(data[start..<start + length]))
            start += length
        }
        let eccBlocks = dataBlocks.map { ReedSolomon.remainder($0, divisor: divisor) }
        var result: [UInt8] = []
        for i in 0..<(lengths.max() ?? 0) { for block in dataBlocks where i < block.count { result.append(block[i]) } }
        for i in 0..<ecc { for block in eccBlocks { result.append(block[i]) } }
        return result
    }

    struct Grid {
        let version: Int
        let size: Int
        var modules: [[Bool]]
        var isFunction: [[Bool]]

        init(version: Int) {
            self.version = version
            size = version * 4 + 17
            modules = Array(repeating: Array(repeating: false, count: size), count: size)
            isFunction = modules
        }

        mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
            modules[y][x] = dark
            isFunction[y][x] = true
        }

        mutating func drawFunctionPatterns() {
            for i in 0..<size {
                set(6, i, i % 2 == 0)
                set(i, 6, i % 2 == 0)
            }
            for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 where (0..<size).contains(cx + dx) && (0..<size).contains(cy + dy) {
                        let distance = max(abs(dx), abs(dy))
                        set(cx + dx, cy + dy, distance != 2 && distance != 4)
                    }
                }
            }
            let positions = QRCode.alignment[version - 1]
            for (i, cy) in positions.enumerated() {
                for (j, cx) in positions.enumerated() {
                    let last = positions.count - 1
                    if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                    for dy in -2...2 { for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) } }
                }
            }
            drawFormat(mask: 0)  // reserves the format areas; drawn again with the chosen mask
            if version >= 7 {
                var remainder = version
                for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
                let bits = version << 12 | remainder
                for i in 0..<18 {
                    let dark = (bits >> i) & 1 == 1
                    let a = size - 11 + i % 3, b = i / 3
                    set(a, b, dark)
                    set(b, a, dark)
                }
            }
        }

        /// Level M (00) and the mask, BCH-protected, in both copies, and the dark module.
        mutating func drawFormat(mask: Int) {
            var remainder = mask
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = (mask << 10 | remainder) ^ 0x5412
            func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
            for i in 0...5 { set(8, i, bit(i)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for i in 9..<15 { set(14 - i, 8, bit(i)) }
            for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
            for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
            set(8, size - 8, true)
        }

        /// The zigzag of two-module columns from the bottom right, skipping the timing column.
        mutating func drawCodewords(_ codewords: [UInt8]) {
            var i = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for vertical in 0..<size {
                    for j in 0..<2 {
                        let x = right - j
                        let upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - vertical : vertical
                        if !isFunction[y][x] && i < codewords.count * 8 {
                            modules[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                            i += 1
                        }
                    }
                }
                right -= 2
            }
        }

        mutating func apply(mask: Int) {
            for y in 0..<size {
                for x in 0..<size where !isFunction[y][x] {
                    let flip: Bool
                    switch mask {
                    case 0: flip = (x + y) % 2 == 0
                    case 1: flip = y % 2 == 0
                    case 2: flip = x % 3 == 0
                    case 3: flip = (x + y) % 3 == 0
                    case 4: flip = (x / 3 + y / 2) % 2 == 0
                    case 5: flip = x * y % 2 + x * y % 3 == 0
                    case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                    default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                    if flip { modules[y][x].toggle() }
                }
            }
        }

        /// Runs of five or more, 2×2 blocks and an unbalanced dark share (the finder-like
        /// pattern rule is left out: any mask decodes, this only picks an easier one).
        var penalty: Int {
            var score = 0
            for line in modules + (0..<size).map({ x in modules.map { $0[x] } }) {
                var run = 1
                for i in 1..<size {
                    if line[i] == line[i - 1] {
                        run += 1
                    } else {
                        if run >= 5 { score += run - 2 }
                        run = 1
                    }
                }
                if run >= 5 { score += run - 2 }
            }
            for y in 0..<size - 1 {
                for x in 0..<size - 1 where modules[y][x] == modules[y][x + 1] && modules[y][x] == modules[y + 1][x] && modules[y][x] == modules[y + 1][x + 1] {
                    score += 3
                }
            }
            let dark = modules.joined().filter { $0 }.count
            score += abs(dark * 20 - size * size * 10) / (size * size) * 10
            return score
        }
    }

    /// Reed–Solomon over GF(2⁸) with the QR polynomial 0x11D.
    enum ReedSolomon {
        static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
            var z = 0
            for i in stride(from: 7, through: 0, by: -1) {
                z = (z << 1) ^ ((z >> 7) * 0x11D)
                z ^= Int((y >> i) & 1) * Int(x)
            }
            return UInt8(z)
        }

        static func divisor(degree: Int) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: degree)
            result[degree - 1] = 1
            var root: UInt8 = 1
            for _ in 0..<degree {
                for j in 0..<degree {
                    result[j] = multiply(result[j], root)
                    if j + 1 < degree { result[j] ^= result[j + 1] }
                }
                root = multiply(root, 0x02)
            }
            return result
        }

        static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: divisor.count)
            for byte in data {
                let factor = byte ^ result.removeFirst()
                result.append(0)
                for i in 0..<result.count { result[i] ^= multiply(divisor[i], factor) }
            }
            return result
        }
    }
}
