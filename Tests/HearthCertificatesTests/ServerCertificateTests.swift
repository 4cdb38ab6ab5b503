import Foundation
import HearthCertificates
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
        let authority = try HouseholdAuthority.loadOrCreate(in: tls, householdName: "hearth-box", now: now)
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
        #expect(days <= 397 && days > 396)
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

    @Test func namesACertificateCannotHoldAreLeftOut() {
        #expect(MachineName("bad name") == nil)
        #expect(MachineName("under_score") == nil)
        #expect(MachineName("HEARTH.local")?.text == "hearth.local")
        #expect(MachineName("::FFFF:192.168.0.1")?.isAddress == true)
    }

    func openssl(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
