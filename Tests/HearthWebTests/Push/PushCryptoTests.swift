import Crypto
import Foundation
import HearthCore
import Testing

/// Web Push's encryption and VAPID, read back by Python's `http_ece` and `cryptography` (what
/// pywebpush is built on), code nobody here wrote: a body they cannot open, or a signature they
/// do not accept, fails.
@Suite("Web Push encryption and VAPID, checked by Python's http_ece and cryptography")
struct PushCryptoTests {
    static let oracle = """
        import base64, json, sys, time
        import http_ece
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec, utils

        def b64(text):
            return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

        task, *rest = sys.argv[1:]
        if task == "decrypt":
            body, private, auth = (open(path, "rb").read() for path in rest)
            key = ec.derive_private_key(int.from_bytes(private, "big"), ec.SECP256R1())
            print(http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm").decode())
        else:
            header, endpoint_origin = rest
            fields = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
            token, key = fields["t"], fields["k"]
            signed, signature = token.rsplit(".", 1)
            public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64(key))
            raw = b64(signature)
            der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            public.verify(der, signed.encode(), ec.ECDSA(hashes.SHA256()))
            head, claims = (json.loads(b64(part)) for part in signed.split("."))
            assert head == {"typ": "JWT", "alg": "ES256"}, head
            assert claims["aud"] == endpoint_origin, claims
            assert time.time() < claims["exp"] <= time.time() + 24 * 3600, claims
            print("verified", claims["sub"])
        """

    static func python(_ arguments: [String]) throws -> (Int32, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("oracle.py")
        try oracle.write(to: script, atomically: true, encoding: .utf8)
        return try runCommand("/usr/bin/env", ["python3", script.path] + arguments)
    }

    static func file(_ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("push-\(UUID().uuidString)")
        try data.write(to: url)
        return url.path
    }

    @Test("a Korean reminder encrypted for a browser's keys is read back by http_ece; a wrong auth secret reads nothing")
    func encryption() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let text = "할머니 08:00 혈압약 (암로디핀 5 mg 1정)"
        let body = try PushEncryption.encrypt(Data(text.utf8), p256dh: browser.publicKey.x963Representation, auth: auth)
        #expect(body.count == 86 + text.utf8.count + 1 + 16, "header, text, delimiter, tag")
        let (status, said) = try Self.python(["decrypt", try Self.file(body), try Self.file(browser.rawRepresentation), try Self.file(auth)])
        #expect(status == 0 && said.trimmingCharacters(in: .newlines) == text, "\(said)")

        let (wrong, _) = try Self.python([
            "decrypt", try Self.file(body), try Self.file(browser.rawRepresentation), try Self.file(Data(repeating: 7, count: 16)),
        ])
        #expect(wrong != 0, "another auth secret cannot open it")
        let again = try PushEncryption.encrypt(Data(text.utf8), p256dh: browser.publicKey.x963Representation, auth: auth)
        #expect(again != body, "a fresh key and salt for each message")
    }

    @Test("a subscription's bad keys and an oversized payload are refused")
    func refused() throws {
        let auth = Data(repeating: 1, count: 16)
        #expect(throws: PushEncryption.Problem.badSubscriptionKey) {
            try PushEncryption.encrypt(Data("x".utf8), p256dh: Data(repeating: 4, count: 65), auth: auth)
        }
        let key = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        #expect(throws: PushEncryption.Problem.badSubscriptionKey) {
            try PushEncryption.encrypt(Data("x".utf8), p256dh: key, auth: Data(repeating: 1, count: 15))
        }
        #expect(throws: PushEncryption.Problem.tooLong) {
            try PushEncryption.encrypt(Data(repeating: 65, count: PushEncryption.maximumPayload + 1), p256dh: key, auth: auth)
        }
        #expect(try PushEncryption.encrypt(Data(repeating: 65, count: PushEncryption.maximumPayload), p256dh: key, auth: auth).count == 4096)
    }

    @Test("the VAPID header's JWT is signed by its k, for the push service's origin, for at most 24 hours")
    func vapid() throws {
        let vapid = VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:hearth@localhost")
        let endpoint = try #require(URL(string: "https://fcm.googleapis.com/fcm/send/abc:def"))
        let header = try #require(try vapid.authorization(endpoint: endpoint))
        let (status, said) = try Self.python(["vapid", header, "https://fcm.googleapis.com"])
        #expect(status == 0 && said.contains("verified mailto:hearth@localhost"), "\(said)")
        #expect(Base64URL.decode(vapid.publicKey)?.count == 65)

        let other = VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:hearth@localhost")
        let forged = header.replacingOccurrences(of: vapid.publicKey, with: other.publicKey)
        let (refused, _) = try Self.python(["vapid", forged, "https://fcm.googleapis.com"])
        #expect(refused != 0, "another key's k does not verify it")
    }

    @Test("base64url: a browser's unpadded key and padding both read; other alphabets do not")
    func base64url() {
        let bytes = Data([0xfb, 0xff, 0x00, 0x10])
        #expect(Base64URL.encode(bytes) == "-_8AEA")
        #expect(Base64URL.decode("-_8AEA") == bytes && Base64URL.decode("-_8AEA==") == bytes)
        #expect(Base64URL.decode("+/8AEA") == nil && Base64URL.decode("ab cd") == nil)
    }
}
