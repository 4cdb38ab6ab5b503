import Foundation
import Testing

/// What `:id` names is loaded once, by `LoadMiddleware`, into a typed context (`AppointmentContext`,
/// `RoutineContext`, `PetContext` …): a handler that reads the parameter itself loads it its own
/// way, and each way has its own 404 and its own access check. These handlers still do, and
/// may not be joined by others; the list only shrinks.
@Suite("Every :id loaded by middleware")
struct IDLoadingTests {
    static let stillReading: [String: Int] = [
        "Household/AccountsController.swift": 5, "Imports/ImportsController.swift": 1, "API/APITokensController.swift": 1,
        "Pets/TimelineController.swift": 1, "Pets/PetsController.swift": 1,
    ]

    @Test("no handler reads its own id beyond the ones listed; one that stopped is taken off the list")
    func onlyTheListed() throws {
        var reading: [String: Int] = [:]
        for (file, text) in try SourceFiles.read("Sources/HearthWeb", suffix: ".swift") where file != "App/LoadedContext.swift" {
            let count = text.matches(of: #/parameters\.(require|get)\("id"/#).count
            if count > 0 { reading[file] = count }
        }
        for (file, count) in reading.sorted(by: { $0.key < $1.key }) where count > Self.stillReading[file, default: 0] {
            Issue.record("\(file) reads :id \(count) times in its handlers: load it with a `loading…` group into a typed context")
        }
        for (file, count) in Self.stillReading.sorted(by: { $0.key < $1.key }) where reading[file, default: 0] < count {
            Issue.record("\(file) now reads :id \(reading[file, default: 0]) times: bring its number in IDLoadingTests down from \(count)")
        }
        #expect(reading["Appointments/AppointmentsController.swift"] == nil && reading["Routines/RoutinesController.swift"] == nil)
    }
}
