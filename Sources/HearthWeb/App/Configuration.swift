import Foundation
import HearthImaging
import NIOCore

/// Everything `hearth serve` can be told. Defaults are the household's usual case:
/// one computer, reachable only from itself until `--host 0.0.0.0` is asked for.
public struct HearthConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Where `hearth.sqlite` (and later photos) live. Never served.
    public var dataDirectory: String
    /// The folder holding `Templates/` and `Public/`.
    public var resourcesDirectory: String
    /// bcrypt cost: 12 in production; tests may lower it to stay quick.
    public var bcryptCost: UInt8
    /// A session unused this long ends.
    public var sessionLifetime: TimeInterval
    /// What one uploaded photo may be (25 MB and 50 megapixels by default).
    public var photoLimits: PhotoLimits
    /// How many photos are decoded at once: each holds a decoded image in memory. One core
    /// is left for pages, so a big upload never makes the house wait.
    public var photoWorkers: Int
    /// How long a connection may take to send a whole request head, and stay idle between
    /// requests, before it is closed: a slow client must not hold a connection for ever.
    public var requestHeadDeadline: TimeAmount = .seconds(10)
    /// Addresses of reverse proxies in front of Hearth whose `X-Forwarded-For` names the
    /// real client. Empty (the default): the header is ignored, as anyone could write it.
    public var trustedProxies: [String] = []
    /// HTTPS beside plain HTTP (`hearth serve --https`): the port and where its certificate
    /// comes from. Nil: plain HTTP only.
    public var https: HTTPSListener?
    /// What time it is: for doses due and reminders. Tests stand the clock at a dose's time.
    public var clock: @Sendable () -> Date = { Date() }
    /// Whether the reminder scheduler runs (tests drive it by hand with their own clock).
    public var sendsReminders = true
    /// Tests only: a Web Push service on this machine (the stand-in) is taken. Real push
    /// services are on the internet; one here or on the home network is refused.
    public var pushServicesMayBeLocal = false
    /// Whether the server makes the nightly backup at 03:00 (tests turn it off and call it).
    public var makesNightlyBackups = true
    /// The areas the server is made of: every real one; a test adds its own to see that the
    /// shared pages ask every area (`SharedPagesAskTests`).
    var areas = AreaList.standard

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: String = "./data",
        resourcesDirectory: String = FileManager.default.currentDirectoryPath,
        bcryptCost: UInt8 = 12,
        sessionLifetime: TimeInterval = 30 * 24 * 3600,
        photoLimits: PhotoLimits = PhotoLimits(),
        photoWorkers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    ) {
        self.photoLimits = photoLimits
        self.photoWorkers = photoWorkers
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.resourcesDirectory = resourcesDirectory
        self.bcryptCost = bcryptCost
        self.sessionLifetime = sessionLifetime
    }

    var templatesDirectory: String { (resourcesDirectory as NSString).appendingPathComponent("Templates") }
    var publicDirectory: String { (resourcesDirectory as NSString).appendingPathComponent("Public") }
}

/// The HTTPS port and its certificate.
public struct HTTPSListener: Sendable {
    public var port: Int
    /// Own files (`--tls-cert`, `--tls-key`); nil for the household's own certificate.
    public var certificateFile: String?
    public var keyFile: String?

    public init(port: Int = 8443, certificateFile: String? = nil, keyFile: String? = nil) {
        self.port = port
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
