import Foundation
import Synchronization

/// Every request asks who is signed in, and a page brings its photos with it: the answer
/// for a token is remembered for a few seconds. Any write (signing out, disabling an
/// account, changing a role, the same by the `hearth` command in another process) forgets
/// everything at once (`AppDatabase.generation`), so it applies to the very next request.
/// Only live sessions are remembered, so made-up tokens cannot fill the memory.
public final class RecentSessions: Sendable {
    public let repository: SessionRepository
    let lifetime: Duration
    /// A household has a handful of browsers; past this, start again rather than track age.
    static let capacity = 256

    private struct Remembered {
        var session: SignedInSession
        var generation: UInt64
        var until: ContinuousClock.Instant
    }
    private let remembered = Mutex<[String: Remembered]>([:])

    public init(_ sessions: SessionRepository, lifetime: Duration = .seconds(5)) {
        self.repository = sessions
        self.lifetime = lifetime
    }

    /// The live session for `token`, as `SessionRepository.find` answers it.
    public func find(token: String, now: Date = Date()) async throws -> SignedInSession? {
        // Read before the database is: a write that lands meanwhile makes this answer stale.
        let generation = repository.database.generation
        let clock = ContinuousClock.now
        if let known = remembered.withLock({ $0[token] }),
            known.generation == generation, clock < known.until, now < known.session.expiresAt
        {
            return known.session
        }
        guard let session = try await repository.find(token: token, now: now) else {
            remembered.withLock { _ = $0.removeValue(forKey: token) }
            return nil
        }
        remembered.withLock { all in
            if all.count >= Self.capacity { all.removeAll() }
            all[token] = Remembered(session: session, generation: generation, until: clock + lifetime)
        }
        return session
    }
}
