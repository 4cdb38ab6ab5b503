import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificate the HTTPS port shows: signed by the household's authority, for every name
/// and address the machine answers to, and short-lived as phones demand (Apple accepts at
/// most 398 days, Mozilla's intermediate profile asks for at most 366; we stay at 365).
/// `HouseholdTLS` renews it before it runs out and re-issues it when the machine's names change.
public struct ServerCertificate: Sendable {
    public let certificate: Certificate
    public let keyPEM: String

    public static let lifetime: TimeInterval = 365 * 24 * 3600
    /// Renewed this long before it would run out: a month of nights the server may be off.
    public static let renewalWindow: TimeInterval = 30 * 24 * 3600

    public var pem: String { (try? certificate.serializeAsPEM().pemString) ?? "" }
    public var notValidAfter: Date { certificate.notValidAfter }

    /// The names it was made for, DNS names and addresses (as text) alike.
    public var names: Set<String> {
        guard let alternatives = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return Set(
            alternatives.compactMap { name in
                switch name {
                case .dnsName(let dns): return dns
                case .ipAddress(let octets): return MachineName.text(ofAddress: Array(octets.bytes))
                default: return nil
                }
            })
    }

    /// Whether this certificate should be made again: it ends within the window, does not
    /// name one of `names`, or was not signed by `authority` (a restored or replaced one).
    public func needsReissue(for names: [MachineName], by authority: HouseholdAuthority, now: Date) -> Bool {
        if notValidAfter.timeIntervalSince(now) < Self.renewalWindow || certificate.notValidBefore > now { return true }
        if certificate.issuer != authority.certificate.subject { return true }
        if (try? certificate.extensions.authorityKeyIdentifier?.keyIdentifier) != (try? authority.certificate.extensions.subjectKeyIdentifier?.keyIdentifier) {
            return true
        }
        return !Set(names.map(\.text)).isSubset(of: self.names)
    }

    public static func issue(for names: [MachineName], by authority: HouseholdAuthority, now: Date) throws -> ServerCertificate {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let commonName = names.first(where: { !$0.isAddress })?.text ?? "localhost"
        let subject = try DistinguishedName {
            OrganizationName("Hearth")
            CommonName(commonName)
        }
        let authorityKeyID = try authority.certificate.extensions.subjectKeyIdentifier?.keyIdentifier
        let certificate = try Certificate(
            version: .v3, serialNumber: HouseholdAuthority.serialNumber(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime - 3600),
            issuer: authority.certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map(\.generalName))
                SubjectKeyIdentifier(hash: publicKey)
                if let authorityKeyID { AuthorityKeyIdentifier(keyIdentifier: authorityKeyID) }
            },
            issuerPrivateKey: Certificate.PrivateKey(authority.key))
        return ServerCertificate(certificate: certificate, keyPEM: key.pemRepresentation)
    }

    /// Reads the server certificate the folder holds, if any.
    public static func load(from folder: TLSFolder) throws -> ServerCertificate? {
        guard let pem = try folder.read(TLSFolder.serverCertificate), let keyPEM = try folder.read(TLSFolder.serverKey) else { return nil }
        return ServerCertificate(certificate: try Certificate(pemEncoded: pem), keyPEM: keyPEM)
    }

    public func save(in folder: TLSFolder) throws {
        try folder.writeSecret(TLSFolder.serverKey, keyPEM)
        try folder.write(TLSFolder.serverCertificate, pem)
    }
}
