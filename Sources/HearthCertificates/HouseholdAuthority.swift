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

    /// Reads the authority from `folder`, or makes one there when it has none, limited to the
    /// home network's names and `machineNames` (the machine's own, as they are when it is made).
    public static func loadOrCreate(
        in folder: TLSFolder, householdName: String, machineNames: [MachineName] = [], now: Date = Date()
    ) throws -> HouseholdAuthority {
        if let certificatePEM = try folder.read(TLSFolder.authorityCertificate), let keyPEM = try folder.read(TLSFolder.authorityKey) {
            return HouseholdAuthority(certificate: try Certificate(pemEncoded: certificatePEM), key: try P256.Signing.PrivateKey(pemRepresentation: keyPEM))
        }
        let authority = try make(name: householdName, machineNames: machineNames, now: now)
        try folder.writeSecret(TLSFolder.authorityKey, authority.key.pemRepresentation)
        try folder.write(TLSFolder.authorityCertificate, authority.pem)
        return authority
    }

    /// Sets the authority of `folder` aside (kept as `*.old`), so the next start makes a new
    /// one limited to the home network: for an authority made before Hearth limited it, which
    /// the phones then trust again once. The old one stays readable to go back to.
    public static func setAside(in folder: TLSFolder) throws {
        for name in [TLSFolder.authorityCertificate, TLSFolder.authorityKey, TLSFolder.serverCertificate, TLSFolder.serverKey] {
            let path = folder.file(name)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            try? FileManager.default.removeItem(atPath: path + ".old")
            try FileManager.default.moveItem(atPath: path, toPath: path + ".old")
        }
    }

    /// Names a home network uses, whatever the machine is called: mDNS's `.local`, RFC 8375's
    /// `home.arpa`, the routers' `lan`, `home` and `internal`, and `localhost`.
    static let homeDomains = ["local", "home.arpa", "lan", "home", "internal", "localhost"]

    /// The private and local address ranges (RFC 1918, loopback, link-local, Tailscale's and
    /// carriers' shared range, IPv6 unique-local and link-local) as address and mask.
    static let homeRanges: [[UInt8]] = [
        [10, 0, 0, 0, 255, 0, 0, 0], [172, 16, 0, 0, 255, 240, 0, 0], [192, 168, 0, 0, 255, 255, 0, 0], [127, 0, 0, 0, 255, 0, 0, 0],
        [169, 254, 0, 0, 255, 255, 0, 0], [100, 64, 0, 0, 255, 192, 0, 0],
        ipv6(prefix: [0xFC], bits: 7), ipv6(prefix: [0xFE, 0x80], bits: 10), ipv6(prefix: Array(repeating: 0, count: 15) + [1], bits: 128),
    ]

    static func ipv6(prefix: [UInt8], bits: Int) -> [UInt8] {
        let address = prefix + Array(repeating: 0, count: 16 - prefix.count)
        let mask = (0..<16).map { index -> UInt8 in
            let left = bits - index * 8
            return left >= 8 ? 0xFF : left <= 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - left))
        }
        return address + mask
    }

    /// Whether a certificate this authority signs for `name` is one phones accept: an
    /// authority made before Hearth limited its names permits every name.
    public func permits(_ name: MachineName) -> Bool {
        guard let constraints = try? certificate.extensions.nameConstraints else { return true }
        if let bytes = name.addressBytes {
            return constraints.permittedIPRanges.contains { range in
                let octets = Array(range.bytes)
                guard octets.count == bytes.count * 2 else { return false }
                return bytes.indices.allSatisfy { bytes[$0] & octets[bytes.count + $0] == octets[$0] & octets[bytes.count + $0] }
            }
        }
        return constraints.permittedDNSDomains.contains { name.text == $0 || name.text.hasSuffix("." + $0) }
    }

    /// Whether this authority is limited to the home network: one made before Hearth limited it
    /// is not, nor one that permits an internet top-level domain (made on a machine named `cloud`).
    public var isLimitedToHome: Bool {
        guard let constraints = try? certificate.extensions.nameConstraints else { return false }
        return !constraints.permittedDNSDomains.contains { MachineName($0)?.isTopLevelDomain ?? false }
    }

    /// A random serial of exactly 20 octets, its first below 0x80 so the INTEGER stays
    /// positive without a leading zero (RFC 5280 §4.1.2.2 allows at most 20).
    static func serialNumber() -> Certificate.SerialNumber {
        var bytes = (0..<20).map { _ in UInt8.random(in: 0...255) }
        bytes[0] = UInt8.random(in: 1...0x7F)
        return Certificate.SerialNumber(bytes: bytes)
    }

    static func make(name: String, machineNames: [MachineName] = [], now: Date) throws -> HouseholdAuthority {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let subject = try DistinguishedName {
            OrganizationName("Hearth")
            CommonName("\(name) Hearth household")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: serialNumber(), publicKey: publicKey,
            // An hour back: a phone whose clock runs a little slow still accepts it.
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime),
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                // A leaked backup (which holds this key) can sign for the home network only,
                // never for a bank the family's phones would then trust.
                Critical(
                    NameConstraints(
                        permittedDNSDomains: Array(Set(homeDomains + machineNames.filter { !$0.isAddress }.map(\.text))).sorted(),
                        permittedIPRanges: homeRanges.map { ASN1OctetString(contentBytes: $0[...]) }))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        return HouseholdAuthority(certificate: certificate, key: key)
    }
}
