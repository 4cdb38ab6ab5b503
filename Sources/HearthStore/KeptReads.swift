import Synchronization

/// What was read at one generation of the database (`AppDatabase.generation`), kept until the
/// generation moves. Pages read the same few things again and again between writes (every
/// regimen a member may see, the household's due list, a month of doses); this is the one
/// rule for keeping them: take the generation before the read, keep the value under it, and
/// a later generation empties the whole store. Bounded: past `capacity` it starts again.
final class KeptReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state = Mutex<(generation: UInt64, entries: [Key: Value])>((0, [:]))
    private let capacity: Int

    init(capacity: Int = 64) { self.capacity = capacity }

    func value(_ key: Key, generation: UInt64, read: () throws -> Value) rethrows -> Value {
        if let kept = state.withLock({ $0.generation == generation ? $0.entries[key] : nil }) { return kept }
        let value = try read()
        state.withLock { state in
            // An older generation's read may finish after a newer one's: it is not kept.
            guard generation >= state.generation else { return }
            if generation > state.generation || state.entries.count >= capacity { state = (generation, [:]) }
            state.entries[key] = value
        }
        return value
    }

    /// Kept by the key alone, when the key names everything the value depends on (a version of
    /// the records it was read from): no write empties it; past `capacity` it starts again.
    func value(_ key: Key, read: () throws -> Value) rethrows -> Value {
        try value(key, generation: 0, read: read)
    }
}
