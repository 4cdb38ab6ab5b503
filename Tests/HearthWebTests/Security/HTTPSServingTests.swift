import Foundation
import HearthCertificates
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
@testable import HearthWeb

/// HTTPS on a real port, checked by curl with the household's certificate authority as its
/// only trust (never `--insecure`), for every name and address the machine answers to.
@Suite("HTTPS on the home network", .serialized)
struct HTTPSServingTests {
    func withHTTPS(
        dataDirectory: String = temporaryDataDirectory(), certificateFile: String? = nil, keyFile: String? = nil,
        _ test: @Sendable (Hearth, Browser, Int) async throws -> Void
    ) async throws {
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        let port = try freePort()
        var configuration = HearthConfiguration(host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, resourcesDirectory: packageRoot, bcryptCost: 4)
        configuration.https = HTTPSListener(port: port, certificateFile: certificateFile, keyFile: keyFile)
        configuration.sendsReminders = false
        configuration.makesNightlyBackups = false
        configuration.requestHeadDeadline = .seconds(120)
        let hearth = try await buildApplication(configuration)
        defer { try? hearth.database.close() }
        try await hearth.application.test(.live) { client in
            try await waitForPort(port)
            try await test(hearth, Browser(client), port)
        }
    }

    @Test("the household's certificate answers for every name and address; an expired one found at start is made again; the key is not served")
    func everyName() async throws {
        let directory = temporaryDataDirectory()
        // A certificate that ran out while the server was off.
        let folder = try TLSFolder(dataDirectory: directory)
        let authority = try HouseholdAuthority.loadOrCreate(in: folder, householdName: "test", machineNames: HouseholdTLS.machineNames(), now: Date())
        try ServerCertificate.issue(for: HouseholdTLS.machineNames(), by: authority, now: Date().addingTimeInterval(-400 * 86400)).save(in: folder)
        try await withHTTPS(dataDirectory: directory) { hearth, _, port in
            let ends = try #require(hearth.tls?.notValidAfter)
            #expect(ends.timeIntervalSinceNow > 360 * 86400, "renewed at start")
            let ca = directory + "/tls/household-ca.pem"
            // Every name the household may sign for (an address outside the home network's ranges is left out).
            let names = HouseholdTLS.machineNames().filter(authority.permits)
            #expect(names.contains { $0.text == "localhost" } && names.contains { $0.text == "127.0.0.1" } && names.contains { $0.text.hasSuffix(".local") })
            for name in names {
                let host = name.text.contains(":") ? "[\(name.text)]" : name.text
                let (status, output) = try curl(["--cacert", ca, "--connect-to", "\(host):\(port):127.0.0.1:\(port)", "https://\(host):\(port)/connect"])
                #expect(status == 0 && output.hasSuffix("200"), "\(name.text): \(output.suffix(300))")
            }
            // The same curl without the household's authority refuses: the check above can fail.
            let (refused, _) = try curl(["https://localhost:\(port)/connect"])
            #expect(refused != 0)
            for path in [
                "/static/../tls/household-ca-key.pem", "/tls/household-ca-key.pem", "/static/%2e%2e/tls/household-ca-key.pem", "/household-ca-key.pem",
            ] {
                let (_, body) = try curl(["--cacert", ca, "--path-as-is", "https://localhost:\(port)\(path)"])
                #expect(!body.contains("PRIVATE KEY"), "\(path)")
            }
        }
    }

    @Test("a browser that reached HTTPS is sent there from plain HTTP; its session cookie is Secure there; no export holds the authority")
    func plainHTTPSendsOn() async throws {
        try await withHTTPS { hearth, browser, port in
            try await browser.setUpHousehold()
            // Every export the backups page offers, read whole: neither the authority's key nor its certificate.
            let key = try String(contentsOfFile: hearth.dataDirectory + "/tls/household-ca-key.pem", encoding: .utf8)
            let exports = Set(try await browser.get("/settings/backups").text.matches(of: /href="(\/settings\/export\/[^"]+)"/).map { String($0.output.1) })
            #expect(exports.count >= 3)
            for link in exports {
                let body = try await browser.get(link).text
                #expect(!body.contains("PRIVATE KEY") && !body.contains("BEGIN CERTIFICATE") && !body.contains(key.split(separator: "\n")[1]), "\(link)")
            }
            // Not yet trusted: plain HTTP answers.
            #expect(try await browser.get("/").status == .ok)
            browser.cookies["hearth_https"] = "1"
            let sent = try await browser.get("/calendar?month=2026-11")
            #expect(sent.status == .found)
            #expect(sent.location?.hasPrefix("https://") == true && sent.location?.hasSuffix(":\(port)/calendar?month=2026-11") == true)
            // Forms are never redirected: what was typed is answered where it was sent.
            let posted = try await browser.post("/me", ["language": "ko"])
            #expect(posted.status != .found || posted.location?.hasPrefix("https://") != true)
            // Over HTTPS, the trust cookie comes back and sign-in's cookie is Secure.
            let ca = hearth.dataDirectory + "/tls/household-ca.pem"
            let (_, headers) = try curl([
                "--cacert", ca, "-D", "-", "-o", "/dev/null", "https://localhost:\(port)/connect/check", "-H", "Origin: http://localhost:8080",
            ])
            #expect(headers.contains("hearth_https=1"))
            #expect(headers.contains("Access-Control-Allow-Origin: http://localhost:8080"))
            let (_, signIn) = try curl([
                "--cacert", ca, "-D", "-", "-o", "/dev/null", "-c", "-", "https://localhost:\(port)/login",
            ])
            #expect(signIn.contains("Secure"))
        }
    }

    @Test("own certificate files are served, and read again when they change")
    func ownFiles() async throws {
        let scratch = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = try TLSFolder(dataDirectory: scratch)
        let authority = try HouseholdAuthority.loadOrCreate(in: folder, householdName: "elsewhere", now: Date())
        let names = [MachineName("localhost")!, MachineName("127.0.0.1")!]
        try ServerCertificate.issue(for: names, by: authority, now: Date()).save(in: folder)
        let (certificate, key) = (folder.path + "/server.pem", folder.path + "/server-key.pem")
        try await withHTTPS(certificateFile: certificate, keyFile: key) { hearth, _, port in
            let ca = folder.path + "/household-ca.pem"
            let first = try servedSerial(port)
            let (status, _) = try curl(["--cacert", ca, "https://localhost:\(port)/connect"])
            #expect(status == 0)
            #expect(!FileManager.default.fileExists(atPath: hearth.dataDirectory + "/tls/household-ca-key.pem"), "no authority is made beside own files")
            // Replaced (as certbot or tailscale cert does), then looked at again.
            try ServerCertificate.issue(for: names, by: authority, now: Date()).save(in: folder)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: certificate)
            hearth.tls?.refresh()
            let second = try servedSerial(port)
            #expect(!first.isEmpty && first != second)
        }
    }

    @Test("a new address of the machine gets a certificate naming it at the next look, without a restart")
    func newAddress() throws {
        let directory = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let addresses = Mutex(["192.168.0.20"])
        let tls = try HouseholdTLS(
            source: .household(dataDirectory: directory, householdName: "test"), logger: Logger(label: "test"),
            names: { MachineName.of(hostName: "hearth-box", addresses: addresses.withLock { $0 }) })
        let first = try #require(tls.notValidAfter)
        tls.refresh(now: Date().addingTimeInterval(60))
        #expect(tls.notValidAfter == first, "nothing changed, nothing made")
        addresses.withLock { $0 = ["192.168.0.20", "10.0.0.7"] }
        tls.refresh(now: Date().addingTimeInterval(120))
        #expect(tls.notValidAfter != first)
        let saved = try #require(try ServerCertificate.load(from: TLSFolder(dataDirectory: directory)))
        #expect(saved.names.contains("10.0.0.7") && saved.names.contains("hearth-box.local"))
    }

    @Test("TLS 1.2 and 1.3 only, with forward-secret AEAD suites: TLS 1.0 and 1.1 and CBC-SHA are refused")
    func modernTLSOnly() async throws {
        try await withHTTPS { _, _, port in
            func handshake(_ options: String) -> Bool {
                // SECLEVEL=0 lets this OpenSSL offer what old clients do: the refusal must be the server's.
                let command = "openssl s_client -connect 127.0.0.1:\(port) -servername localhost \(options) </dev/null >/dev/null 2>&1"
                return (try? runCommand("/bin/sh", ["-c", command]))?.0 == 0
            }
            #expect(handshake("-tls1_3"))
            #expect(handshake("-tls1_2"))
            #expect(!handshake("-tls1_1 -cipher 'DEFAULT:@SECLEVEL=0'"), "TLS 1.1 refused")
            #expect(!handshake("-tls1 -cipher 'DEFAULT:@SECLEVEL=0'"), "TLS 1.0 refused")
            #expect(!handshake("-tls1_2 -cipher 'ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA:@SECLEVEL=0'"), "CBC-SHA refused")
        }
    }

    func servedSerial(_ port: Int) throws -> String {
        let (_, text) = try runCommand(
            "/bin/sh", ["-c", "openssl s_client -connect 127.0.0.1:\(port) -servername localhost </dev/null 2>/dev/null | openssl x509 -noout -serial"])
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func curl(_ arguments: [String]) throws -> (Int32, String) {
        try runCommand("/usr/bin/curl", ["-sS", "--max-time", "20", "-w", "%{http_code}"] + arguments)
    }

    /// A port nothing listens on now (the kernel's choice for port 0, let go at once).
    func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func waitForPort(_ port: Int) async throws {
        for _ in 0..<100 {
            let (status, _) = try runCommand("/usr/bin/curl", ["-sk", "-o", "/dev/null", "https://127.0.0.1:\(port)/healthz"])
            if status == 0 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the HTTPS port never opened")
    }
}
