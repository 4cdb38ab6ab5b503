import Foundation
import Testing

/// Foundation's `Process.run()` reads past a buffer on Linux (swift-corelibs-foundation #5472)
/// and crashed a test run; programs are started with `ChildProcess` instead, here and in the tests.
@Suite("Programs started without Foundation's Process")
struct ChildProcessUseTests {
    @Test("no file of Sources or Tests makes a Process")
    func noProcess() throws {
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            for (file, text) in try SourceFiles.read(folder, suffix: ".swift") where text.contains("Process()") && !file.hasSuffix("ChildProcessUseTests.swift")
            {
                found.append("\(folder)/\(file)")
            }
        }
        #expect(found == [])
    }
}
