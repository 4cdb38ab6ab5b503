import Crypto
import Foundation

/// A browser's push subscription as its page sends it (`PushSubscription.toJSON()`): where its
/// push service takes messages, and the keys to encrypt them to.
public struct PushSubscription: Sendable, Equatable {
    public let endpoint: String
    public let p256dh: Data
    public let auth: Data
    public let label: String

    /// The endpoint an `https` address of at most 2,000 characters with a host; `p256dh` a
    /// P-256 public key and `auth` 16 bytes, both base64url. Whether the host is on this
    /// machine or the home network is the web layer's to ask (it resolves names). `plainHTTP`:
    /// tests only, for a stand-in push service on loopback.
    public static func validate(_ input: [String: String], plainHTTP: Bool = false) -> Validated<PushSubscription> {
        var errors = FieldErrors()
        let endpoint = input["endpoint", default: ""]
        let url = URLComponents(string: endpoint)
        let schemes = plainHTTP ? ["https", "http"] : ["https"]
        if endpoint.count > 2000 || !schemes.contains(url?.scheme?.lowercased() ?? "") || (url?.host ?? "").isEmpty {
            errors.add("endpoint", "push.device.error.endpoint")
        }
        let p256dh = Base64URL.decode(input["p256dh", default: ""])
        if p256dh.flatMap({ try? P256.KeyAgreement.PublicKey(x963Representation: $0) }) == nil { errors.add("p256dh", "push.device.error.keys") }
        let auth = Base64URL.decode(input["auth", default: ""])
        if auth?.count != 16 { errors.add("auth", "push.device.error.keys") }
        let label = input["label", default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
        FormInput.check(label, field: "label", errors: &errors)
        guard errors.isEmpty, let p256dh, let auth else { return .invalid(errors) }
        return .valid(PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth, label: label))
    }

    public init(endpoint: String, p256dh: Data, auth: Data, label: String) {
        (self.endpoint, self.p256dh, self.auth, self.label) = (endpoint, p256dh, auth, label)
    }
}
