/// The CSRF token as each answer writes it: a fresh random pad and the token's bytes XOR the pad,
/// in hex. Pages are gzipped, and BREACH reads a secret repeated in compressed answers from how
/// well they compress beside text an attacker makes the page echo (a search); masked anew each
/// answer, the token is never the same bytes twice. `CSRFMiddleware` unmasks what comes back.
enum CSRFMask {
    static func mask(_ secret: String) -> String {
        // A session's token is 64 hex digits: its 32 bytes masked are 128 digits.
        let bytes = unhex(secret) ?? Array(secret.utf8)
        var generator = SystemRandomNumberGenerator()
        let pad = bytes.map { _ in UInt8.random(in: 0...255, using: &generator) }
        return hex(pad) + hex(zip(bytes, pad).map { $0 ^ $1 })
    }

    /// The token a masked one stands for (in hex, as sessions keep it); nil for anything that is
    /// not hex (an unmasked token is compared as it is).
    static func unmask(_ sent: String) -> String? {
        guard let bytes = unhex(sent), bytes.count % 2 == 0, !bytes.isEmpty else { return nil }
        let half = bytes.count / 2
        return hex(zip(bytes[..<half], bytes[half...]).map { $0 ^ $1 })
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]] }
        return String(decoding: out, as: UTF8.self)
    }

    private static func unhex(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0, chars.count <= 1024 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chars.count / 2)
        var index = 0
        while index < chars.count {
            guard let high = value(chars[index]), let low = value(chars[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): char - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
