import Foundation
import Testing

/// What `:id` names is loaded once, by `LoadMiddleware`, into a typed context (`AppointmentContext`,
/// `RegimenContext`, `PetContext` …): a handler that read the parameter itself would load it its
/// own way, with its own 404 and its own access check.
@Suite("Every :id loaded by middleware")
struct IDLoadingTests {
    @Test("no handler reads its own id")
    func noHandlerReadsItsID() throws {
        for (file, text) in try SourceFiles.read("Sources/HearthWeb", suffix: ".swift") where file != "App/LoadedContext.swift" {
            let count = text.matches(of: #/parameters\.(require|get)\("id"/#).count
            #expect(count == 0, "\(file) reads :id \(count) times in its handlers: load it with a `loading…` group into a typed context")
        }
    }
}
