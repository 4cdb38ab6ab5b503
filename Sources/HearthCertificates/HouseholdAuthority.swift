import Crypto
import Foundation
import SwiftASN1
import X509

/// The household's own certificate authority: made once, on the first `hearth serve --https`,
/// kept in the data folder's `tls/` (its key readable by Hearth's user only). Phones trust it
/// once and then every server certificate it signs, so renewing or re-issuing the server's
/// certificate never asks anything of the family again. Its key never leaves the data folder:
/// no route serves `tls/`, exports skip it, and only backups (which are the data folder) keep it,
/// so a restored Hearth keeps the phones' trust.
public struct HouseholdAuthority: Sendable {
    public let certificate: Certificate
    let key: P256.Signing.PrivateKey

    /// Ten years: a phone that trusts the household should not have to be asked again.
    static let lifetime: TimeInterval = 10 * 365 * 24 * 3600

    /// The certificate as phones download it (PEM), and its DER form for iPhone's profile.
    public var pem: String { (try? certificate.serializeAsPEM().pemString) ?? "" }
    public var der: [UInt8] {
        var serializer = DER.Serializer()
        try? serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// The SHA-256 fingerprint a person can compare on the phone, as `AB:CD:…`.
    public var fingerprint: String {
        SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// Reads the authority from `folder`, or makes one there when it has none.
    public static func loadOrCreate(in folder: TLSFolder, householdName: String, now: Date = Date()) throws -> HouseholdAuthority {
        if let certificatePEM = try folder.read(TLSFolder.authorityCertificate), let keyPEM = try folder.read(TLSFolder.authorityKey) {
            return HouseholdAuthority(certificate: try Certificate(pemEncoded: certificatePEM), key: try P256.Signing.PrivateKey(pemRepresentation: keyPEM))
        }
        let authority = try make(name: householdName, now: now)
        try folder.writeSecret(TLSFolder.authorityKey, authority.key.pemRepresentation)
        try folder.write(TLSFolder.authorityCertificate, authority.pem)
        return authority
    }

    static func make(name: String, now: Date) throws -> HouseholdAuthority {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let subject = try DistinguishedName {
            OrganizationName("Hearth")
            CommonName("\(name) Hearth household")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            // An hour back: a phone whose clock runs a little slow still accepts it.
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime),
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        return HouseholdAuthority(certificate: certificate, key: key)
    }
}
