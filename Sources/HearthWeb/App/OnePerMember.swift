import Synchronization

/// Long jobs a member starts (an animated GIF, a server PDF) run one at a time on one worker
/// thread: without a limit, one member could queue a day's worth ahead of everyone else.
/// Each member may have one of a kind waiting or running; another is refused (429) until it ends.
final class OnePerMember: Sendable {
    private let busy = Mutex<Set<Int64>>([])

    /// Marks the member busy; false when they already were.
    func begin(_ accountID: Int64) -> Bool { busy.withLock { $0.insert(accountID).inserted } }

    func end(_ accountID: Int64) { _ = busy.withLock { $0.remove(accountID) } }

    /// Runs `work` as the member's one job of this kind, or throws 429 with `messageKey`.
    func run<Value: Sendable>(_ accountID: Int64, messageKey: String, _ work: () async throws -> Value) async throws -> Value {
        guard begin(accountID) else { throw PageError(status: .tooManyRequests, messageKey: messageKey) }
        defer { end(accountID) }
        return try await work()
    }
}
