import Crypto
import Foundation

/// A Web Push message's body, encrypted for one browser (RFC 8291, `aes128gcm` of RFC 8188):
/// only the subscription's device can read it; the push service in between sees bytes.
public enum PushEncryption {
    public enum Problem: Error, Equatable {
        /// The subscription's `p256dh` is not a P-256 public key, or its `auth` not 16 bytes.
        case badSubscriptionKey
        /// More than one record holds (a notification's text is far smaller).
        case tooLong
    }

    /// What one 4096-byte record holds after the header's 86 bytes, the tag and the delimiter:
    /// push services take at least 4096 bytes of body.
    public static let maximumPayload = 4096 - 86 - 16 - 1

    /// The body to send: salt ‖ record size ‖ key id length ‖ the sender's public key ‖ ciphertext.
    /// `sender` and `salt` are fresh for each message (given only by tests: reusing them would
    /// repeat AES-GCM's key and nonce).
    public static func encrypt(
        _ payload: Data, p256dh: Data, auth: Data, sender: P256.KeyAgreement.PrivateKey = .init(),
        salt: Data = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
    ) throws -> Data {
        guard payload.count <= maximumPayload else { throw Problem.tooLong }
        guard auth.count == 16, let receiver = try? P256.KeyAgreement.PublicKey(x963Representation: p256dh) else {
            throw Problem.badSubscriptionKey
        }
        let receiverKey = receiver.x963Representation
        let senderKey = sender.publicKey.x963Representation
        let shared = try sender.sharedSecretFromKeyAgreement(with: receiver)
        // IKM = HKDF(auth, ECDH, "WebPush: info" ‖ 0 ‖ ua_public ‖ as_public, 32).
        let keyInfo = Data("WebPush: info".utf8) + [0] + receiverKey + senderKey
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
        let key = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(pseudoRandomKey: prk, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // One record, the last: the plaintext and its delimiter 0x02, no padding.
        let sealed = try AES.GCM.seal(payload + [2], using: key, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        var body = salt
        body += [0, 0, 0x10, 0]  // record size 4096, big-endian
        body += [UInt8(senderKey.count)]
        body += senderKey
        body += sealed.ciphertext + sealed.tag
        return body
    }
}
