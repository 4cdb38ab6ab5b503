import Foundation
import Testing
@testable import HearthWeb

/// `hearth service install` writes a unit systemd accepts, with paths that survive spaces and `%`.
@Suite("The systemd unit")
struct ServiceUnitTests {
    @Test("systemd-analyze verify accepts the unit, and its command line is the server's")
    func verified() throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/data 100%", withIntermediateDirectories: true)
        // A real executable for ExecStart (systemd checks it exists).
        let unit = ServiceUnit(
            executable: "/bin/true", user: "hearth", dataDirectory: folder + "/data 100%", resourcesDirectory: packageRoot, host: "0.0.0.0", port: 8080)
        let path = folder + "/hearth.service"
        try unit.text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(unit.text.contains(#"ExecStart="/bin/true" "serve" "--host" "0.0.0.0" "--port" "8080" "--data-dir" "\#(folder)/data 100%%""#))
        #expect(unit.text.contains("Restart=on-failure"))
        #expect(unit.text.contains("User=hearth"))

        let analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try #require(analyze != nil, "systemd-analyze is needed (Debian's systemd; make unit installs it)")
        let (status, output) = try runCommand(analyze!, ["verify", path])
        #expect(status == 0, "\(output)")
        #expect(!output.contains("hearth.service:"), "systemd complained: \(output)")

        // A unit systemd does not accept fails this check: the test can fail.
        try unit.text.replacingOccurrences(of: "Restart=on-failure", with: "Restart=sometimes").write(toFile: path, atomically: true, encoding: .utf8)
        let (_, complaint) = try runCommand(analyze!, ["verify", path])
        #expect(complaint.contains("hearth.service:") && complaint.contains("sometimes"), "\(complaint)")
    }
}
