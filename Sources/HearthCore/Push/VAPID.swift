import Crypto
import Foundation

/// The application server's identity to push services (RFC 8292): one P-256 key pair for the
/// household, whose public half browsers are given when they subscribe, and a signed JWT on
/// each push saying which push service it is for and until when.
public struct VAPID: Sendable {
    public let key: P256.Signing.PrivateKey
    /// Who to contact about these pushes: `mailto:` or an `https:` address.
    public let subject: String

    public init(key: P256.Signing.PrivateKey, subject: String) {
        (self.key, self.subject) = (key, subject)
    }

    /// The public key as `applicationServerKey` and the header's `k`: base64url of its 65 bytes.
    public var publicKey: String { Base64URL.encode(key.publicKey.x963Representation) }

    /// `vapid t=…, k=…` for a push to `endpoint`, good for 12 hours from `now` (RFC 8292 allows 24).
    /// nil for an endpoint with no origin.
    public func authorization(endpoint: URL, now: Date = Date()) throws -> String? {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { return nil }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": audience, "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": subject], options: [.sortedKeys])
        let signed = header + "." + Base64URL.encode(claims)
        let signature = try key.signature(for: Data(signed.utf8)).rawRepresentation
        return "vapid t=\(signed).\(Base64URL.encode(signature)), k=\(publicKey)"
    }
}
