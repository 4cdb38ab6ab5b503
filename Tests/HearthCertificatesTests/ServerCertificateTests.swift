import Foundation
import HearthCore
import HearthCertificates
import X509
import Testing

/// The household authority and its server certificates, checked by OpenSSL (not by the code that made them).
@Suite struct ServerCertificateTests {
    let folder: String
    let now = Date()

    init() throws {
        folder = NSTemporaryDirectory() + "hearth-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    let names = MachineName.of(hostName: "hearth-box", addresses: ["192.168.0.20", "10.1.2.3", "fd00::20"])

    @Test func everyNameVerifiesAgainstTheAuthority() throws {
        let tls = try TLSFolder(dataDirectory: folder)
        let authority = try HouseholdAuthority.loadOrCreate(in: tls, householdName: "hearth-box", machineNames: names, now: now)
        let server = try ServerCertificate.issue(for: names, by: authority, now: now)
        try server.save(in: tls)
        #expect(names.map(\.text) == ["hearth-box", "hearth-box.local", "localhost", "127.0.0.1", "::1", "192.168.0.20", "10.1.2.3", "fd00::20"])
        for name in names {
            let check = name.isAddress ? "-verify_ip" : "-verify_hostname"
            let (status, output) = try openssl(["verify", "-CAfile", tls.path + "/household-ca.pem", check, name.text, tls.path + "/server.pem"])
            #expect(status == 0, "\(name.text): \(output)")
        }
        // A name it was not made for fails: the check above can fail.
        let (status, _) = try openssl(["verify", "-CAfile", tls.path + "/household-ca.pem", "-verify_hostname", "elsewhere.example", tls.path + "/server.pem"])
        #expect(status != 0)
        let days = server.notValidAfter.timeIntervalSince(now) / 86400
        #expect(days <= 365 && days > 364, "Mozilla's intermediate profile: at most 366")
    }

    @Test func keysAreTheServersAloneAndTheAuthorityIsKept() throws {
        let tls = try TLSFolder(dataDirectory: folder)
        let first = try HouseholdAuthority.loadOrCreate(in: tls, householdName: "hearth-box", now: now)
        try ServerCertificate.issue(for: names, by: first, now: now).save(in: tls)
        for (file, mode) in [("household-ca-key.pem", 0o600), ("server-key.pem", 0o600), ("household-ca.pem", 0o644)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: tls.path + "/" + file)
            #expect((attributes[.posixPermissions] as? Int) == mode, "\(file)")
        }
        let folderMode = try FileManager.default.attributesOfItem(atPath: tls.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let again = try HouseholdAuthority.loadOrCreate(in: tls, householdName: "hearth-box", now: now.addingTimeInterval(86400))
        #expect(again.fingerprint == first.fingerprint)
        let (status, text) = try openssl(["x509", "-in", tls.path + "/household-ca.pem", "-noout", "-text"])
        #expect(status == 0)
        #expect(text.contains("CA:TRUE"))
        #expect(text.contains("Certificate Sign"))
    }

    @Test func madeAgainWhenEndingNamesChangeOrAuthorityIsAnother() throws {
        let tls = try TLSFolder(dataDirectory: folder)
        let authority = try HouseholdAuthority.loadOrCreate(in: tls, householdName: "hearth-box", now: now)
        let server = try ServerCertificate.issue(for: names, by: authority, now: now)
        #expect(!server.needsReissue(for: names, by: authority, now: now))
        #expect(!server.needsReissue(for: Array(names.prefix(3)), by: authority, now: now))
        // Twenty days from its end: renewed.
        #expect(server.needsReissue(for: names, by: authority, now: server.notValidAfter.addingTimeInterval(-20 * 86400)))
        #expect(server.needsReissue(for: names, by: authority, now: server.notValidAfter.addingTimeInterval(3600)))
        // The machine got a new address.
        let moved = MachineName.of(hostName: "hearth-box", addresses: ["192.168.0.21"])
        #expect(server.needsReissue(for: moved, by: authority, now: now))
        // Another household's authority (a backup restored from elsewhere).
        let other = try HouseholdAuthority.loadOrCreate(in: try TLSFolder(dataDirectory: folder + "/other"), householdName: "x", now: now)
        #expect(server.needsReissue(for: names, by: other, now: now))
    }

    /// A leaked backup holds the authority's key: what it can sign, phones must trust only for
    /// the home network (RFC 5280 name constraints, checked by OpenSSL).
    @Test func theAuthorityIsLimitedToTheHomeNetwork() throws {
        let tls = try TLSFolder(dataDirectory: folder)
        let authority = try HouseholdAuthority.loadOrCreate(in: tls, householdName: "hearth-box", machineNames: names, now: now)
        #expect(authority.isLimitedToHome)
        let (_, text) = try openssl(["x509", "-in", tls.path + "/household-ca.pem", "-noout", "-text"])
        #expect(text.contains("X509v3 Name Constraints: critical") && text.contains("DNS:local") && text.contains("IP:192.168.0.0/255.255.0.0"), "\(text)")
        for (name, permitted) in [
            ("hearth-box", true), ("hearth-box.local", true), ("printer.home.arpa", true), ("192.168.0.20", true), ("10.1.2.3", true), ("fd00::20", true),
            ("100.101.102.103", true), ("bank.example.com", false), ("8.8.8.8", false), ("2001:db8::1", false), ("notlocal", false),
        ] {
            #expect(authority.permits(try #require(MachineName(name))) == permitted, "\(name)")
        }
        // Signed anyway (as a thief with the key would): OpenSSL refuses the chain.
        let stolen = try ServerCertificate.issue(for: [try #require(MachineName("bank.example.com"))], by: authority, now: now)
        try stolen.save(in: tls)
        let (refused, output) = try openssl(["verify", "-CAfile", tls.path + "/household-ca.pem", tls.path + "/server.pem"])
        #expect(refused != 0, "\(output)")
        #expect(output.contains("name constraint") || output.contains("permitted subtree"), "\(output)")
    }

    @Test(arguments: ["cloud", "dev", "app", "box", "media", "studio", "kr"])
    func aMachineNamedAfterATopLevelDomainDoesNotLetItsAuthoritySignForIt(host: String) throws {
        let names = MachineName.of(hostName: host, addresses: ["192.168.0.20"])
        #expect(!names.map(\.text).contains(host) && names.map(\.text).contains("\(host).local"), "\(names.map(\.text))")
        let tls = try TLSFolder(dataDirectory: folder)
        let authority = try HouseholdAuthority.loadOrCreate(in: tls, householdName: host, machineNames: names, now: now)
        #expect(authority.isLimitedToHome)
        #expect(authority.permits(try #require(MachineName("\(host).local"))))
        #expect(!authority.permits(try #require(MachineName("shop.example.\(host)"))))
        let (_, text) = try openssl(["x509", "-in", tls.path + "/household-ca.pem", "-noout", "-text"])
        #expect(!text.contains("DNS:\(host),") && !text.contains("DNS:\(host)\n"), "\(text)")
        let stolen = try ServerCertificate.issue(for: [try #require(MachineName("shop.example.\(host)"))], by: authority, now: now)
        try stolen.save(in: tls)
        let (refused, output) = try openssl(["verify", "-CAfile", tls.path + "/household-ca.pem", tls.path + "/server.pem"])
        #expect(refused != 0, "\(output)")
        // One made before this (its constraints name the bare domain) is not limited to the home: the server says to renew it.
        let older = try TLSFolder(dataDirectory: folder + "/older")
        let bare = try HouseholdAuthority.loadOrCreate(in: older, householdName: host, machineNames: [try #require(MachineName(host))], now: now)
        #expect(!bare.isLimitedToHome)
    }

    @Test func serialsAreWithinTwentyOctets() throws {
        let tls = try TLSFolder(dataDirectory: folder)
        let authority = try HouseholdAuthority.loadOrCreate(in: tls, householdName: "hearth-box", machineNames: names, now: now)
        for _ in 0..<64 {
            let server = try ServerCertificate.issue(for: names, by: authority, now: now)
            let bytes = Array(server.certificate.serialNumber.bytes)
            #expect(bytes.count <= 20 && bytes.count >= 19 && (bytes.first ?? 0) < 0x80, "\(bytes)")
        }
        #expect(Array(authority.certificate.serialNumber.bytes).count <= 20)
    }

    @Test func namesACertificateCannotHoldAreLeftOut() {
        #expect(MachineName("bad name") == nil)
        #expect(MachineName("under_score") == nil)
        #expect(MachineName("HEARTH.local")?.text == "hearth.local")
        #expect(MachineName("::FFFF:192.168.0.1")?.isAddress == true)
    }

    func openssl(_ arguments: [String]) throws -> (Int32, String) {
        let (status, output) = try ChildProcess.run("/usr/bin/openssl", arguments)
        return (status, String(decoding: output, as: UTF8.self))
    }
}
