import HearthCore
import HearthStore
import Synchronization

/// The household settings, read on every request, kept in memory behind a lock (no actor
/// hop per request). This process is the only writer of the household row, so the copy is
/// refreshed wherever it is changed.
final class HouseholdState: Sendable {
    private let current: Mutex<HouseholdSettings?>
    private let repository: HouseholdRepository

    init(repository: HouseholdRepository) async throws {
        self.repository = repository
        self.current = Mutex(try await repository.settings())
    }

    var settings: HouseholdSettings? { current.withLock { $0 } }

    func reload() async throws {
        let fresh = try await repository.settings()
        current.withLock { $0 = fresh }
    }
}
