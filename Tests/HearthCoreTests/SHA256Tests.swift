import Crypto
import HearthCore
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "FIPS 180-4 test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ])
    func vectors(input: String, digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test("a million 'a's, fed in pieces, crossing block boundaries")
    func million() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(data: chunk) }
        let hex = SHA256.hex(digest: hasher.finalize())
        #expect(hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite("SHA-256 in pieces")
struct SHA256PiecesTests {
    @Test("any split of the input gives the same digest")
    func splits() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hex(data)
        for split in [1, 55, 56, 63, 64, 65, 127, 128, 999] {
            var hasher = SHA256()
            hasher.update(data: data[..<split])
            hasher.update(data: data[split...])
            #expect(SHA256.hex(digest: hasher.finalize()) == whole, "split at \(split)")
        }
    }
}
