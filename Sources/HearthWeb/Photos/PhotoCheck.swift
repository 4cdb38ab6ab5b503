import Foundation
import HearthImaging
import HearthStore

/// `hearth photos check [--repair]`: compares the photo table with the files on disk.
public struct PhotoCheck {
    public struct Report: Sendable, CustomStringConvertible {
        public var photos = 0
        /// Digests whose original file is gone: nothing can bring those back.
        public var missingOriginals: [String] = []
        /// Digests with an original but a missing thumbnail or preview (repair redraws them).
        public var missingDerivatives: [String] = []
        /// Files on disk that no photo row names.
        public var orphanFiles: [String] = []
        /// Photo rows no record or profile refers to.
        public var unreferenced: [String] = []
        /// Uploads left in the temporary folder for over an hour.
        public var staleUploads: [String] = []
        public var repaired = false

        public var isClean: Bool {
            missingOriginals.isEmpty && missingDerivatives.isEmpty && orphanFiles.isEmpty && unreferenced.isEmpty && staleUploads.isEmpty
        }

        public var description: String {
            var lines = ["\(photos) photos"]
            func list(_ name: String, _ items: [String]) {
                if !items.isEmpty { lines.append("\(name): \(items.count)\n  " + items.prefix(20).joined(separator: "\n  ")) }
            }
            list("missing originals (cannot be repaired)", missingOriginals)
            list("missing thumbnails or previews", missingDerivatives)
            list("files no photo row names", orphanFiles)
            list("photos nothing refers to", unreferenced)
            list("stale uploads", staleUploads)
            if isClean { lines.append("all in order") } else if repaired { lines.append("repaired what could be repaired") }
            return lines.joined(separator: "\n")
        }
    }

    let database: AppDatabase
    let files: PhotoFiles

    public init(database: AppDatabase, dataDirectory: String) throws {
        self.database = database
        self.files = try PhotoFiles(dataDirectory: dataDirectory)
    }

    public func run(repair: Bool) async throws -> Report {
        let repository = PhotoRepository(database)
        var report = Report()
        let known = try await repository.allDigests()
        report.photos = known.count
        let knownSet = Set(known)
        for sha in known {
            guard let original = files.original(sha) else {
                report.missingOriginals.append(sha)
                continue
            }
            let missing = PhotoFiles.Variant.allCases.contains { !FileManager.default.fileExists(atPath: files.path(sha, $0)) }
            if missing {
                report.missingDerivatives.append(sha)
                if repair, let data = FileManager.default.contents(atPath: original.path) {
                    let photo = try PhotoProcessor.process(Array(data), limits: PhotoLimits(maximumBytes: .max, maximumPixels: .max))
                    try Data(photo.thumbnail).write(to: URL(fileURLWithPath: files.path(sha, .thumbnail)), options: .atomic)
                    try Data(photo.preview).write(to: URL(fileURLWithPath: files.path(sha, .preview)), options: .atomic)
                }
            }
        }
        report.orphanFiles = files.digestsOnDisk().subtracting(knownSet).sorted()
        report.unreferenced = try await repository.unreferenced()
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: files.temporary)) ?? [] {
            let path = (files.temporary as NSString).appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
            if modified < hourAgo { report.staleUploads.append(name) }
        }
        if repair {
            for sha in report.orphanFiles { files.delete(sha) }
            for sha in try await repository.removeUnreferenced(report.unreferenced) { files.delete(sha) }
            for name in report.staleUploads { try? FileManager.default.removeItem(atPath: (files.temporary as NSString).appendingPathComponent(name)) }
            report.repaired = true
        }
        return report
    }
}
