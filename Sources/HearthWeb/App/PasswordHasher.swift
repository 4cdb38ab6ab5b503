import HearthCore
import HummingbirdBcrypt
import NIOPosix

/// bcrypt, always on NIO's thread pool: a hash takes a quarter of a second at cost 12,
/// which would stall every other request if it ran on the event loop.
struct PasswordHasher: Sendable {
    let cost: UInt8
    /// Checked when the username is unknown, so that costs the same time as a wrong password.
    private let decoyHash: String

    init(cost: UInt8) {
        self.cost = cost
        // A hash in bcrypt's form at this cost (any salt and digest): checking a password
        // against it does bcrypt's whole work. Written out rather than made by hashing, which
        // at cost 12 was half of the server's start.
        self.decoyHash = "$2b$" + Int(cost).zeroPadded(2) + "$" + String(repeating: "O", count: 53)
    }

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Verifies `password` against `hash`, or against the decoy when there is no account.
    func verify(_ password: String, hash: String?) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { verifyHere(password, hash: hash) }
    }

    /// What `verify` does on the pool, on the calling thread (so its cost can be timed
    /// without the pool's queue, which other work shares).
    func verifyHere(_ password: String, hash: String?) -> Bool {
        let matches = Bcrypt.verify(password, hash: hash ?? decoyHash)
        return hash != nil && matches
    }
}
