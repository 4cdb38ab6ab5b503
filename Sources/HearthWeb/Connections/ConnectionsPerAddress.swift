import Logging
import NIOCore
import Synchronization

/// At most `limit` open connections from one address. One misbehaving phone or guest
/// (a slowloris, a retry storm) then fills its own share, never the whole server: the
/// rest of the house still gets in. Browsers open six connections a host; a reverse
/// proxy in front of Hearth may multiplex many members over a few dozen.
final class ConnectionsPerAddress: Sendable {
    let limit: Int
    let logger: Logger
    private let open = Mutex<[String: Int]>([:])
    private let refusing = Mutex<Set<String>>([])

    init(limit: Int = 256, logger: Logger) {
        self.limit = limit
        self.logger = logger
    }

    /// Counts a new connection; false (and nothing counted) when its address is at the limit.
    func admit(_ address: String) -> Bool {
        let admitted = open.withLock { open in
            guard open[address, default: 0] < limit else { return false }
            open[address, default: 0] += 1
            return true
        }
        if !admitted, refusing.withLock({ $0.insert(address).inserted }) {
            logger.warning("\(address) has \(limit) connections open: further ones are closed until some end")
        }
        return admitted
    }

    func release(_ address: String) {
        let remaining = open.withLock { open in
            open[address, default: 1] -= 1
            let remaining = open[address]!
            if remaining <= 0 { open[address] = nil }
            return remaining
        }
        if remaining < limit / 2 { _ = refusing.withLock { $0.remove(address) } }
    }

    /// The channel handler that does the counting for one connection.
    func handler() -> Handler { Handler(counter: self) }

    final class Handler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny
        let counter: ConnectionsPerAddress
        private var address: String?

        init(counter: ConnectionsPerAddress) { self.counter = counter }

        func handlerAdded(context: ChannelHandlerContext) {
            let key = context.channel.remoteAddress?.ipAddress ?? "unknown"
            if counter.admit(key) { address = key } else { context.close(promise: nil) }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            if let address { counter.release(address) }
            address = nil
        }
    }
}
