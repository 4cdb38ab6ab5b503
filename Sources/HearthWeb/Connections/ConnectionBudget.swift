import Foundation
import HummingbirdCore
import Logging

/// How many connections the server holds open at once: what the process's file-descriptor
/// limit allows, less a reserve for the database, photos and uploads. Past it, new
/// connections wait in the kernel's queue until one closes (rather than `accept` failing
/// with EMFILE and SQLite or an upload failing with it too), and the log says so once.
struct ConnectionBudget: AvailableConnectionsDelegate {
    /// Descriptors kept for SQLite (file, WAL and shared memory per connection), photo
    /// files, uploads in progress (up to 20 a form) and the log.
    static let reserve = 128
    /// Connections NIO may accept in one read of the listening socket (its default
    /// `maxMessagesPerRead`) after the last time the budget was asked: reads stop this many
    /// short of the maximum, so a batch never takes the server past it.
    static let acceptBatch = 4

    let maximum: Int
    let logger: Logger
    private var open = 0
    private var saidFull = false

    init(descriptorLimit: Int, logger: Logger) {
        self.maximum = max(16, descriptorLimit - Self.reserve)
        self.logger = logger
    }

    mutating func connectionOpened() {
        open += 1
        if !isAcceptingNewConnections() && !saidFull {
            saidFull = true
            logger.warning("\(open) connections open, as many as the file-descriptor limit allows: new connections wait until some close")
        }
    }

    mutating func connectionClosed() {
        open -= 1
        if saidFull && open < maximum * 9 / 10 {
            saidFull = false
            logger.notice("connections back under the limit (\(open) open)")
        }
    }

    func isAcceptingNewConnections() -> Bool { open + Self.acceptBatch <= maximum }
}

/// The process's limit on open files.
enum DescriptorLimit {
    /// Raises the soft limit to the hard one (a shell's `ulimit -n` default of 1024 is far
    /// below what the kernel allows) and returns the soft limit now in force.
    @discardableResult
    static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: min(limit.rlim_cur, rlim_t(Int32.max)))  // RLIM_INFINITY is the largest rlim_t
    }
}
