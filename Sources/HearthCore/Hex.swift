import Crypto

// Digests come from swift-crypto (already in the graph through hummingbird-auth): its
// SHA-256 hashes a 25 MB photo in 18 ms, where the hand-written one it replaced took
// 120–180 ms. Hearth stores only digests of session ids, so a copied database file does
// not hand out signed-in sessions, and names photos by the digest of their bytes, so the
// same photo uploaded twice is kept once. Both want the digest as lowercase hex.
extension SHA256 {
    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hex(digest: hasher.finalize())
    }

    public static func hex(digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
