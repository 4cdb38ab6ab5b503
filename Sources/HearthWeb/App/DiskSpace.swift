import Foundation
import Logging
import Synchronization

/// Whether the data folder's disk was last found full. A full disk makes every write fail
/// until space is freed; the log says so once when it starts and once when it ends, not
/// once per request, and `/healthz` reports it.
final class DiskSpace: Sendable {
    let dataDirectory: String
    private let full = Mutex(false)

    init(dataDirectory: String) { self.dataDirectory = dataDirectory }

    var isFull: Bool { full.withLock { $0 } }

    func noteFull(_ logger: Logger) {
        let wasFull = full.withLock { full in
            defer { full = true }
            return full
        }
        if !wasFull {
            logger.critical("the disk holding \(dataDirectory) is full: nothing can be saved until space is freed")
        }
    }

    func noteWritable(_ logger: Logger) {
        let wasFull = full.withLock { full in
            defer { full = false }
            return full
        }
        if wasFull { logger.notice("the disk holding \(dataDirectory) has space again") }
    }

    /// Writes and removes a small file in the data folder: the cheapest true answer to
    /// "can anything be saved?" (free-space figures lie on copy-on-write file systems).
    func probe(_ logger: Logger) -> Bool {
        let path = (dataDirectory as NSString).appendingPathComponent("tmp/healthz-\(UUID().uuidString)")
        defer { unlink(path) }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else { return !isFull }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 64 * 1024)
        let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written == block.count, fsync(descriptor) == 0 {
            noteWritable(logger)
            return true
        }
        if errno == ENOSPC || errno == EDQUOT || (written >= 0 && written < block.count) { noteFull(logger) }
        return false
    }
}
