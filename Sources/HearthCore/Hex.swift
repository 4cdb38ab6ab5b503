import Crypto

// Digests come from swift-crypto (already in the graph through hummingbird-auth): its
// SHA-256 hashes a 25 MB photo in 18 ms, where the hand-written one it replaced took
// 120–180 ms. Hearth stores only digests of session ids, so a copied database file does
// not hand out signed-in sessions, and names photos by the digest of their bytes, so the
// same photo uploaded twice is kept once. Both want the digest as lowercase hex.
/// SHA-256 digests as lowercase hex.
extension SHA256 {
    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hex(digest: hasher.finalize())
    }

    public static func hex(digest: SHA256.Digest) -> String {
        Hex.encode(digest)
    }
}

/// Bytes as lowercase hex digits, and back.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of lowercase hex digits; nil for anything else (an odd count, another character).
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 2 == 0 else { return nil }
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

extension SHA256 {
    /// Whether `text` is a digest as Hearth writes them (64 lowercase hex digits): the only
    /// thing a photo's file name or an archive's photo path may be made of.
    public static func isDigest(_ text: some StringProtocol) -> Bool {
        text.count == 64 && text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}

extension String {
    /// FNV-1a of the text, in hex: the same text gives the same value in every process
    /// (Swift's own hash changes with each run), for UIDs that must stay put between exports.
    public var stableHash: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
