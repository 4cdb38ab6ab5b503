import Foundation
import SwiftASN1
import X509

/// One name a phone may use to reach this machine: a host name (`hearth`, `hearth.local`,
/// `localhost`) or an address (`192.168.0.20`, `::1`).
public struct MachineName: Sendable, Hashable, Comparable {
    public let text: String
    let addressBytes: [UInt8]?

    public var isAddress: Bool { addressBytes != nil }

    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let bytes = Self.addressBytes(trimmed) {
            self.addressBytes = bytes
            self.text = Self.text(ofAddress: bytes) ?? trimmed
        } else {
            // A DNS name: letters, digits, hyphens and dots only (a SAN must not hold anything else).
            guard trimmed.utf8.allSatisfy({ $0 == 0x2E || $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }),
                !trimmed.hasPrefix("."), !trimmed.hasSuffix(".")
            else { return nil }
            self.addressBytes = nil
            self.text = trimmed
        }
    }

    var generalName: GeneralName {
        if let addressBytes { return .ipAddress(ASN1OctetString(contentBytes: addressBytes[...])) }
        return .dnsName(text)
    }

    public static func < (a: MachineName, b: MachineName) -> Bool { a.text < b.text }

    /// The machine's names: its host name and `host.local` (what mDNS answers on a home
    /// network), `localhost`, and every address given (the caller reads the interfaces). A host
    /// name that is an internet top-level domain (a machine called `cloud`) is left out bare —
    /// `cloud.local` stays — since the authority's constraint "DNS:cloud" would cover every .cloud site.
    public static func of(hostName: String, addresses: [String]) -> [MachineName] {
        var names: [MachineName] = []
        let short = hostName.split(separator: ".").first.map(String.init) ?? hostName
        for text in [short, short + ".local", hostName, "localhost", "127.0.0.1", "::1"] + addresses {
            if let name = MachineName(text), !name.isTopLevelDomain, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// An internet top-level domain (`cloud`, `dev`, `kr`): no name of the home network.
    public var isTopLevelDomain: Bool { !isAddress && TopLevelDomains.all.contains(text) }

    static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    static func text(ofAddress bytes: [UInt8]) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : bytes.count == 16 ? AF_INET6 : -1
        guard family != -1 else { return nil }
        let ok = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        return ok ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}
