import HearthCore
import HearthStore

/// The household settings, read on every request, kept in memory. This process is the only
/// writer of the household row, so the copy is refreshed wherever it is changed.
actor HouseholdState {
    private(set) var settings: HouseholdSettings?
    private let repository: HouseholdRepository

    init(repository: HouseholdRepository) async throws {
        self.repository = repository
        self.settings = try await repository.settings()
    }

    func reload() async throws {
        settings = try await repository.settings()
    }
}
