import Synchronization

/// The regimens as last read, for as long as nothing has been written since. Every page with
/// doses (the home page, the calendar, a subject's card) reads every regimen a member may see,
/// with their spans and items, and they change rarely: reading them was a tenth of the home
/// page's time with 50 regimens. Kept per database (`AppDatabase.regimenCache`).
final class RegimenCache: Sendable {
    private let state = Mutex<(generation: UInt64, entries: [String: [Regimen]])>((0, [:]))

    /// The regimens under `key`, read with `load` unless they were read since `generation`
    /// (taken before the read began, so what is kept is never older than its count).
    func regimens(_ key: String, generation: UInt64, load: () throws -> [Regimen]) rethrows -> [Regimen] {
        if let kept = state.withLock({ $0.generation == generation ? $0.entries[key] : nil }) { return kept }
        let loaded = try load()
        state.withLock { state in
            guard generation >= state.generation else { return }
            if generation > state.generation { state = (generation, [:]) }
            state.entries[key] = loaded
        }
        return loaded
    }
}
