import Dispatch

/// Runs photo work off the event loops and the cooperative thread pool, at most `limit`
/// at a time: while twenty photos are being processed, other pages still answer at once,
/// and memory stays bounded by `limit` decoded images.
public final class PhotoWorkers: Sendable {
    private let gate: Gate
    private let queue = DispatchQueue(label: "hearth.photos", attributes: .concurrent)

    public init(limit: Int) {
        self.gate = Gate(limit: max(1, limit))
    }

    public func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        await gate.enter()
        defer { Task { await gate.leave() } }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A counting semaphore for async callers.
    private actor Gate {
        let limit: Int
        var inside = 0
        var waiting: [CheckedContinuation<Void, Never>] = []

        init(limit: Int) { self.limit = limit }

        func enter() async {
            if inside < limit {
                inside += 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty {
                inside -= 1
            } else {
                waiting.removeFirst().resume()  // the slot passes straight on
            }
        }
    }
}
