import HearthCore

/// The CSRF token as each answer writes it: a fresh random pad and the token's bytes XOR the pad,
/// in hex. Pages are gzipped, and BREACH reads a secret repeated in compressed answers from how
/// well they compress beside text an attacker makes the page echo (a search); masked anew each
/// answer, the token is never the same bytes twice. `CSRFMiddleware` unmasks what comes back.
enum CSRFMask {
    static func mask(_ secret: String) -> String {
        // A session's token is 64 hex digits: its 32 bytes masked are 128 digits.
        let bytes = Hex.decode(secret) ?? Array(secret.utf8)
        var generator = SystemRandomNumberGenerator()
        let pad = bytes.map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Hex.encode(pad) + Hex.encode(zip(bytes, pad).map { $0 ^ $1 })
    }

    /// The token a masked one stands for (in hex, as sessions keep it); nil for anything that is
    /// not hex (an unmasked token is compared as it is).
    static func unmask(_ sent: String) -> String? {
        guard sent.utf8.count <= 1024, let bytes = Hex.decode(sent), bytes.count % 2 == 0, !bytes.isEmpty else { return nil }
        let half = bytes.count / 2
        return Hex.encode(zip(bytes[..<half], bytes[half...]).map { $0 ^ $1 })
    }
}
