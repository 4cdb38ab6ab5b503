import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `<data>/server.lock`, held with `flock` by the server for as long as it runs. The kernel
/// lets go when the process ends however it ends (`kill -9` included), so a stale lock
/// never blocks a restore, and a second server on the same folder is refused.
public final class ServerLock: @unchecked Sendable {
    private let path: String
    private var descriptor: Int32 = -1

    public init(dataDirectory: String) {
        path = (dataDirectory as NSString).appendingPathComponent("server.lock")
    }

    static func ifFolderExists(_ dataDirectory: String) throws -> ServerLock? {
        FileManager.default.fileExists(atPath: dataDirectory) ? ServerLock(dataDirectory: dataDirectory) : nil
    }

    /// Takes the lock without waiting; false when another process holds it.
    public func acquire() -> Bool {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            close(descriptor)
            descriptor = -1
            return false
        }
        return true
    }

    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
