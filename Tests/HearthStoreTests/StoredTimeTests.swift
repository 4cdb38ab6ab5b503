import Foundation
import GRDB
@testable import HearthStore
import Testing

@Suite("Stored instants read back off the bytes")
struct StoredTimeTests {
    @Test("every instant reads back as GRDB itself reads it, to the millisecond")
    func sameAsGRDB() throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        var generator = SystemRandomNumberGenerator()
        // 1970 to 2100, leap days and the last millisecond of a year among them, and instants of
        // 2000, where Foundation's sums round differently from one sum of seconds and milliseconds.
        var instants = [0, 951_782_400.5, 1_709_164_800.999, 1_735_689_599.999, 4_102_444_799.001, 976_748_682.147, 978_305_966.001]
            .map(Date.init(timeIntervalSince1970:))
        instants += (0..<500).map { _ in Date(timeIntervalSince1970: Double(Int.random(in: 0..<4_102_444_800_000, using: &generator)) / 1000) }
        instants += (0..<500).map { _ in Date(timeIntervalSince1970: Double(Int.random(in: 946_684_800_000..<978_307_200_000, using: &generator)) / 1000) }
        for instant in instants {
            let (text, byGRDB) = try database.read { db in
                (try String.fetchOne(db, sql: "SELECT ?", arguments: [instant])!, try Date.fetchOne(db, sql: "SELECT ?", arguments: [instant])!)
            }
            #expect(StoredTime.parse(text) == byGRDB, "\(text)")
        }
    }

    @Test("any other shape is left to GRDB")
    func otherShapes() {
        for text in ["2026-02-29 10:00:00.000", "2026-11-22T10:00:00.000", "2026-11-22 10:00:00", "2026-11-22 24:00:00.000", "2026-11-22 10:0a:00.000", ""] {
            #expect(StoredTime.parse(text) == nil, "\(text)")
        }
    }
}
