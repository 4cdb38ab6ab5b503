import Foundation

/// `tls/` in the data folder: the household authority and the server's certificate. The
/// folder is 0700 and every key 0600, written to a temporary file first so a crash mid-write
/// never leaves half a key.
public struct TLSFolder: Sendable {
    public let path: String

    public static let authorityCertificate = "household-ca.pem"
    public static let authorityKey = "household-ca-key.pem"
    public static let serverCertificate = "server.pem"
    public static let serverKey = "server-key.pem"
    /// What exports must never hold (backups hold the data folder, and so these, on purpose).
    public static let folderName = "tls"

    public init(dataDirectory: String) throws {
        path = (dataDirectory as NSString).appendingPathComponent(Self.folderName)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func read(_ name: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: file(name)) else { return nil }
        return try String(contentsOfFile: file(name), encoding: .utf8)
    }

    func write(_ name: String, _ text: String, permissions: Int = 0o644) throws {
        let temporary = file(".\(name).new")
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: permissions]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        guard rename(temporary, file(name)) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file(name)]) }
    }

    func writeSecret(_ name: String, _ text: String) throws { try write(name, text, permissions: 0o600) }
}
