import ArgumentParser
import Foundation
import HearthStore
import HearthWeb
import Hummingbird
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the household's pages.")

    @Option(help: "Address to listen on. 127.0.0.1 keeps Hearth on this computer; 0.0.0.0 opens it to the home network.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @OptionGroup var data: DataOptions

    @Flag(
        help:
            "Also serve HTTPS (on --https-port) with the household's own certificate, made on first use in the data folder's tls/; phones trust it once from the connect page."
    )
    var https = false

    @Option(name: .customLong("https-port"), help: "Port for HTTPS.")
    var httpsPort = 8443

    @Option(name: .customLong("tls-cert"), help: "Serve HTTPS with this certificate chain (PEM) instead of the household's own; read again when it changes.")
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: "The private key (PEM) of --tls-cert.")
    var tlsKey: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help:
            "Address of a reverse proxy in front of Hearth whose X-Forwarded-For header names the real client (repeat for several). Without it the header is ignored."
    )
    var trustedProxies: [String] = []

    @Option(name: .customLong("resources"), help: "Folder holding Templates/ and Public/ (default: the current folder).")
    var resourcesDirectory = FileManager.default.currentDirectoryPath

    /// For the browser tests and screenshots: the household's day as it is at a chosen moment
    /// (08:30 with the morning's doses due), the clock running on from there.
    @Option(name: .customLong("clock-starts-at"), help: .hidden)
    var clockStartsAt: String?

    /// For the browser tests: their stand-in push service on this machine, over plain HTTP.
    @Flag(name: .customLong("push-services-may-be-local"), help: .hidden)
    var pushServicesMayBeLocal = false

    func run() async throws {
        // The server's own writes (reminders, the daily clean-up) are Hearth's; each request names its member.
        try await ChangeAuthor.$current.withValue(nil) { try await serve() }
    }

    private func serve() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = .info
            return handler
        }
        let templates = (resourcesDirectory as NSString).appendingPathComponent("Templates")
        guard FileManager.default.fileExists(atPath: templates) else {
            throw ValidationError("No Templates/ folder in \(resourcesDirectory): run from the Hearth folder or pass --resources.")
        }
        if let said = Backup.recoverInterruptedRestore(dataDirectory: data.dataDirectory) { print(said) }
        // One server per data folder; `hearth restore` checks the same lock.
        let lock = ServerLock(dataDirectory: data.dataDirectory)
        try FileManager.default.createDirectory(atPath: data.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard lock.acquire() else { throw ValidationError("Another Hearth server is already using \(data.dataDirectory).") }
        defer { lock.release() }
        var configuration = HearthConfiguration(host: host, port: port, dataDirectory: data.dataDirectory, resourcesDirectory: resourcesDirectory)
        configuration.trustedProxies = trustedProxies
        configuration.pushServicesMayBeLocal = pushServicesMayBeLocal
        if let clockStartsAt {
            guard let start = ISO8601DateFormatter().date(from: clockStartsAt) else {
                throw ValidationError("--clock-starts-at takes a moment such as 2026-11-27T08:30:00+09:00.")
            }
            let launched = Date()
            configuration.clock = { start.addingTimeInterval(Date().timeIntervalSince(launched)) }
        }
        guard (tlsCertificate == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together.") }
        if https || tlsCertificate != nil {
            configuration.https = HTTPSListener(port: httpsPort, certificateFile: tlsCertificate, keyFile: tlsKey)
        }
        let hearth = try await buildApplication(configuration)
        // Runs until SIGTERM or SIGINT, then finishes requests in flight and closes the database.
        try await hearth.run()
    }
}
