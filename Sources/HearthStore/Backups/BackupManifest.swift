import Crypto
import Foundation
import HearthCore

/// What a backup archive holds, written into it as `manifest.json` (the last entry):
/// the schema it was made by, the rows in every table, and the SHA-256 of every file.
/// Restore and verification trust nothing in the archive that this does not vouch for.
public struct BackupManifest: Codable, Sendable, Equatable {
    public static let currentFormat = "hearth-backup"
    public static let currentVersion = 1
    public static let entryName = "manifest.json"
    public static let databaseName = "hearth.sqlite"
    /// The household certificate authority's certificate and key (`HearthCertificates.TLSFolder`).
    public static let householdAuthorityFiles = ["tls/household-ca.pem", "tls/household-ca-key.pem"]

    public var format = Self.currentFormat
    public var version = Self.currentVersion
    public var createdAt: Date
    /// The migrations applied to the database, in order: its schema version is their count.
    public var migrations: [String]
    public var tables: [String: Int]
    public var files: [File]

    public struct File: Codable, Sendable, Equatable {
        public var path: String
        public var sha256: String
        public var bytes: Int
    }

    public var schemaVersion: Int { migrations.count }
    public var photoCount: Int { files.filter { $0.path.hasPrefix("photos/") }.count }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    static func decode(_ data: Data) throws -> BackupManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let manifest = try decoder.decode(BackupManifest.self, from: data)
            guard manifest.format == currentFormat else { throw BackupProblem.badManifest("it is not a Hearth backup") }
            guard manifest.version <= currentVersion else {
                throw BackupProblem.badManifest("its manifest is version \(manifest.version), newer than this Hearth reads")
            }
            return manifest
        } catch let problem as BackupProblem {
            throw problem
        } catch {
            throw BackupProblem.badManifest("its manifest.json cannot be read")
        }
    }

    /// Only the database and photo files named by their digest may come out of an archive:
    /// no absolute path, no `..`, nothing that would land outside the folder.
    static func isAllowedPath(_ path: String) -> Bool {
        if path == databaseName || householdAuthorityFiles.contains(path) { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "photos", parts[1].count == 2, parts[2].count > 64 else { return false }
        let name = parts[2]
        let digest = name.prefix(64)
        return SHA256.isDigest(digest) && digest.hasPrefix(parts[1])
            && name.dropFirst(64).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }
}

/// Why a backup could not be made, verified or restored, in words for the person reading.
public enum BackupProblem: Error, Equatable, CustomStringConvertible {
    case damaged(String)
    case badManifest(String)
    case newerSchema(archive: Int, known: Int)
    case foreignSchema(String)
    case mismatch(String)
    case fileChanged(String)
    case serverRunning
    case notFound(String)

    /// The message in the member's or the terminal's language (`backup.problem.*`).
    public var messageKey: String {
        switch self {
        case .damaged: "backup.problem.damaged"
        case .badManifest: "backup.problem.bad_manifest"
        case .newerSchema: "backup.problem.newer_schema"
        case .foreignSchema: "backup.problem.foreign_schema"
        case .mismatch: "backup.problem.mismatch"
        case .fileChanged: "backup.problem.file_changed"
        case .serverRunning: "backup.problem.server_running"
        case .notFound: "backup.problem.not_found"
        }
    }

    /// What the message names; `why` is the archive's own detail (a member's name, a size).
    public var messageValues: [String: String] {
        switch self {
        case .damaged(let why), .badManifest(let why), .mismatch(let why): ["why": why]
        case .newerSchema(let archive, let known): ["archive": String(archive), "known": String(known)]
        case .foreignSchema(let name), .fileChanged(let name): ["name": name]
        case .notFound(let path): ["path": path]
        case .serverRunning: [:]
        }
    }

    /// In English, for the server's log.
    public var description: String {
        switch self {
        case .damaged(let why): "The archive is damaged: \(why)."
        case .badManifest(let why): "The archive cannot be trusted: \(why)."
        case .newerSchema(let archive, let known):
            "The backup was made by a newer Hearth (schema \(archive); this one knows \(known)). Update Hearth, then restore."
        case .foreignSchema(let name): "The backup's schema does not match this Hearth's history (\(name))."
        case .mismatch(let why): "The archive does not match its manifest: \(why)."
        case .fileChanged(let name): "\(name) changed while it was being copied; try again."
        case .serverRunning: "The Hearth server is running on this data folder. Stop it first, then restore."
        case .notFound(let path): "There is no file at \(path)."
        }
    }
}
