import Crypto
import Foundation
import HearthCore
import HearthImaging

/// The photo files under `<data>/photos/`: each original under its SHA-256, with its two
/// derivatives beside it. Every file is written to a temporary name and renamed into place,
/// so a crash or a full disk never leaves half a photo under a real name.
struct PhotoFiles: Sendable {
    let root: String
    /// Uploads land here while they are read and checked.
    let temporary: String

    init(dataDirectory: String) throws {
        root = (dataDirectory as NSString).appendingPathComponent("photos")
        temporary = (dataDirectory as NSString).appendingPathComponent("tmp")
        for folder in [root, temporary] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    enum Variant: String, CaseIterable {
        case thumbnail = "320"
        case preview = "1600"
    }

    func folder(_ sha: String) -> String { (root as NSString).appendingPathComponent(String(sha.prefix(2))) }

    func path(_ sha: String, _ variant: Variant) -> String {
        (folder(sha) as NSString).appendingPathComponent("\(sha)-\(variant.rawValue).jpg")
    }

    func originalPath(_ sha: String, format: ImageFormat) -> String {
        (folder(sha) as NSString).appendingPathComponent("\(sha).\(format.fileExtension)")
    }

    /// Moves the checked upload into place and writes its derivatives. A photo already
    /// stored (the same bytes uploaded before) is left as it is.
    func store(_ photo: ProcessedPhoto, uploadedAt temporaryPath: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: folder(photo.sha256), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for (variant, bytes) in [(Variant.thumbnail, photo.thumbnail), (.preview, photo.preview)]
        where !fileManager.fileExists(atPath: path(photo.sha256, variant)) {
            try Data(bytes).write(to: URL(fileURLWithPath: path(photo.sha256, variant)), options: .atomic)
        }
        let original = originalPath(photo.sha256, format: photo.format)
        if !fileManager.fileExists(atPath: original) {
            // Same file system: rename is atomic.
            guard rename(temporaryPath, original) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: original]) }
        }
    }

    /// Empties the temporary folder: uploads a crash (`kill -9`, power cut) left half-read.
    /// Only at start, when no request can be writing there. Returns how many were removed.
    func removeLeftoverUploads() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        return names.filter { (try? FileManager.default.removeItem(atPath: (temporary as NSString).appendingPathComponent($0))) != nil }.count
    }

    /// Removes a photo's original and derivatives.
    func delete(_ sha: String) {
        let folder = folder(sha)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(sha) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// Every digest that has any file on disk.
    func digestsOnDisk() -> Set<String> {
        var digests = Set<String>()
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            let path = (root as NSString).appendingPathComponent(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let sha = name.prefix(64)
                if SHA256.isDigest(sha) { digests.insert(String(sha)) }
            }
        }
        return digests
    }

    /// The original of a stored photo, whatever its format.
    func original(_ sha: String) -> (path: String, format: ImageFormat)? {
        for format in ImageFormat.allCases {
            let path = originalPath(sha, format: format)
            if FileManager.default.fileExists(atPath: path) { return (path, format) }
        }
        return nil
    }
}
