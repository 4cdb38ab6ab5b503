import Foundation
import HearthCertificates
import Logging
import NIOCore
import NIOSSL
import Synchronization

/// What the HTTPS port shows, kept current while the server runs: the household's own
/// certificate (made, renewed before it runs out, re-issued when the machine's names change)
/// or the household's own files (`--tls-cert`/`--tls-key`, read again when they change).
/// Each TLS handshake asks for the current pair, so nothing restarts.
public final class HouseholdTLS: Sendable {
    public enum Source: Sendable {
        /// Hearth's own authority, in the data folder's `tls/`.
        case household(dataDirectory: String, householdName: String)
        /// A certificate chain and key made elsewhere (Tailscale, a DNS-challenge Let's Encrypt one).
        case files(certificate: String, key: String)
    }

    struct Pair {
        var chain: [NIOSSLCertificate]
        var key: NIOSSLPrivateKey
        /// When the files were last read (own files), to notice a change.
        var filesChanged: Date?
        var notValidAfter: Date?
    }

    let source: Source
    let logger: Logger
    let names: @Sendable () -> [MachineName]
    let current: Mutex<Pair>
    /// The household authority, when Hearth makes its own certificates (the connect page serves it).
    public let authority: HouseholdAuthority?

    public init(source: Source, logger: Logger, now: Date = Date(), names: @escaping @Sendable () -> [MachineName] = HouseholdTLS.machineNames) throws {
        self.source = source
        self.logger = logger
        self.names = names
        switch source {
        case .household(let dataDirectory, let householdName):
            let folder = try TLSFolder(dataDirectory: dataDirectory)
            let authority = try HouseholdAuthority.loadOrCreate(in: folder, householdName: householdName, machineNames: names(), now: now)
            if !authority.isLimitedToHome {
                logger.warning(
                    "the household's certificate authority was made before Hearth limited it to the home network: renew it with `hearth https renew`")
            }
            self.authority = authority
            let certificate = try Self.currentCertificate(folder: folder, authority: authority, names: names(), now: now, logger: logger)
            current = Mutex(try Self.pair(certificate))
        case .files(let certificate, let key):
            authority = nil
            current = Mutex(try Self.readFiles(certificate: certificate, key: key))
        }
    }

    /// For Hummingbird's TLS server: the first pair, and a callback handing each handshake the current one.
    public var configuration: TLSConfiguration {
        let pair = current.withLock { $0 }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: pair.chain.map { .certificate($0) }, privateKey: .privateKey(pair.key))
        // Mozilla's "intermediate": TLS 1.2 and 1.3 only, and for 1.2 only forward-secret AEAD
        // suites (no CBC-SHA). Every phone and browser of the last years speaks these.
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuites = Self.intermediateSuites
        configuration.sslContextCallback = { [self] _, promise in
            let pair = current.withLock { $0 }
            var override = NIOSSLContextConfigurationOverride()
            override.certificateChain = pair.chain.map { .certificate($0) }
            override.privateKey = .privateKey(pair.key)
            promise.succeed(override)
        }
        return configuration
    }

    /// TLS 1.2's suites of Mozilla's "intermediate" configuration (1.3's are all AEAD).
    static let intermediateSuites = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-RSA-AES256-GCM-SHA384",
        "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")

    /// When the certificate shown now runs out (nil for own files that could not be read for it).
    public var notValidAfter: Date? { current.withLock { $0.notValidAfter } }

    /// Looks again: renews or re-issues the household certificate when due, or re-reads own
    /// files that changed. A failure keeps what is served and is logged.
    public func refresh(now: Date = Date()) {
        do {
            switch source {
            case .household(let dataDirectory, _):
                guard let authority else { return }
                let folder = try TLSFolder(dataDirectory: dataDirectory)
                let certificate = try Self.currentCertificate(folder: folder, authority: authority, names: names(), now: now, logger: logger)
                // A certificate made again ends later than the one served.
                guard certificate.notValidAfter != notValidAfter else { return }
                let pair = try Self.pair(certificate)
                current.withLock { $0 = pair }
            case .files(let certificate, let key):
                let changed = Self.modified(certificate, key)
                guard changed != current.withLock({ $0.filesChanged }) else { return }
                let pair = try Self.readFiles(certificate: certificate, key: key)
                current.withLock { $0 = pair }
                logger.notice("read the TLS certificate again from \(certificate)")
            }
        } catch {
            logger.error("could not renew the TLS certificate, still serving the one before: \(error)")
        }
    }

    /// The folder's server certificate, made again first when it is missing, ending, or does
    /// not name the machine as it is now.
    static func currentCertificate(
        folder: TLSFolder, authority: HouseholdAuthority, names: [MachineName], now: Date, logger: Logger
    ) throws
        -> ServerCertificate
    {
        // A name the authority may not sign for (the machine renamed, a public address) is left
        // out: in the certificate, it would make phones refuse every name.
        let names = names.filter(authority.permits)
        if let kept = try? ServerCertificate.load(from: folder), !kept.needsReissue(for: names, by: authority, now: now) { return kept }
        let made = try ServerCertificate.issue(for: names, by: authority, now: now)
        try made.save(in: folder)
        logger.notice("made the HTTPS certificate for \(names.map(\.text).joined(separator: ", ")), valid until \(made.notValidAfter)")
        return made
    }

    static func pair(_ certificate: ServerCertificate) throws -> Pair {
        Pair(
            chain: [try NIOSSLCertificate(bytes: Array(certificate.pem.utf8), format: .pem)],
            key: try NIOSSLPrivateKey(bytes: Array(certificate.keyPEM.utf8), format: .pem), notValidAfter: certificate.notValidAfter)
    }

    static func readFiles(certificate: String, key: String) throws -> Pair {
        let chain = try NIOSSLCertificate.fromPEMFile(certificate)
        guard let first = chain.first else { throw TLSFileProblem(path: certificate) }
        let ends = Date(timeIntervalSince1970: TimeInterval(first.notValidAfter))
        return Pair(chain: chain, key: try NIOSSLPrivateKey(file: key, format: .pem), filesChanged: modified(certificate, key), notValidAfter: ends)
    }

    struct TLSFileProblem: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) holds no certificate" }
    }

    static func modified(_ paths: String...) -> Date? {
        paths.compactMap { (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date }.max()
    }

    /// This machine's names: its host name, `host.local`, `localhost` and every address of its interfaces.
    @Sendable public static func machineNames() -> [MachineName] {
        let addresses = ((try? System.enumerateDevices()) ?? []).compactMap { device -> String? in
            guard let ip = device.address?.ipAddress else { return nil }
            // Link-local IPv6 needs a zone (fe80::1%eth0), which a certificate cannot name.
            return ip.lowercased().hasPrefix("fe80") ? nil : ip
        }
        return MachineName.of(hostName: ProcessInfo.processInfo.hostName, addresses: addresses.sorted())
    }
}
