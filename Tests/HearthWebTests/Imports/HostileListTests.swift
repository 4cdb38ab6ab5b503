import Foundation
import HearthCore
import HearthImports
import HearthStore
import Testing
@testable import HearthWeb

/// CSV lists read as a stream: each says its own limit, names an encoding problem by its line
/// and bytes, refuses a row with control characters as the forms would, and writes the same
/// list number once.
@Suite("Hostile CSV lists")
struct HostileListTests {
    func write(_ data: Data, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + UUID().uuidString + "-" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    static let header = "ITEM_SEQ,ITEM_NAME,ENTP_NAME,ITEM_INGR_NAME,SPCLTY_PBLC,PRDUCT_TYPE\n"

    @Test("a drug list from disk: a NUL and an escape refused on their lines, the same number twice written once, the rest written")
    func drugList() async throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        let text = Self.header + "1,타이레놀,한국얀센,,일반의약품,\n2,Nul\u{0}Tail,회사,,,\n3,\"Esc\u{1B}[31m\",회사,,,\n1,타이레놀 again,한국얀센,,,\n4,노바스크,화이자,,전문의약품,\n"
        let path = try write(Data(text.utf8), "drugs.csv")
        guard case .success(let summary) = try await MedicineImport.run(path: path, into: MedicineRepository(database)) else {
            Issue.record("refused")
            return
        }
        #expect(summary.added == 2)
        #expect(summary.badRows.map(\.line) == [3, 4, 5])
        #expect(summary.badRows[0].problem == .controlCharacters(in: "ITEM_NAME"))
        #expect(summary.badRows[2].problem == .sameItem)
        #expect(try MedicineRepository(database).search("타이레놀").map(\.name) == ["타이레놀"])
    }

    @Test("a row with a field past the medicine form's limit is refused on its line, with the column and the limit named")
    func rowPastTheFormsLimit() async throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        let most = FieldLimits.characters("ingredients")
        let text = Self.header + "1,타이레놀,한국얀센,\(String(repeating: "가", count: most)),,\n2,긴약,회사,\(String(repeating: "가", count: most + 1)),,\n"
        let path = try write(Data(text.utf8), "drugs.csv")
        guard case .success(let summary) = try await MedicineImport.run(path: path, into: MedicineRepository(database)) else {
            Issue.record("refused")
            return
        }
        #expect(summary.added == 1, "one at its limit is kept")
        #expect(summary.badRows.map(\.line) == [3])
        #expect(summary.badRows.first?.problem == .tooLong("ITEM_INGR_NAME", length: most + 1, limit: most))
    }

    @Test("bytes that are neither UTF-8 nor CP949 are named with their line and bytes, and nothing is written")
    func badEncoding() async throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        var bytes = try #require(TextEncoding.convert(Data((Self.header + "1,타이레놀,한국얀센,,,\n").utf8), from: "UTF-8", to: "CP949"))
        bytes += Data("2,".utf8) + Data([0xFF, 0xFE, 0x41]) + Data(",x,,,\n".utf8)
        let path = try write(bytes, "drugs.csv")
        guard case .failure(.csv(let problem)) = try await MedicineImport.run(path: path, into: MedicineRepository(database)) else {
            Issue.record("read")
            return
        }
        #expect(problem == .encoding(line: 3, bytes: "FF FE"))
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM medicine") } == 0)
        // The header itself: a missing column was said before.
        let clinics = try write(Data([0xFF, 0xFE]) + Data(",a\n".utf8), "clinics.csv")
        #expect(throws: ClinicLicenceImport.Problem.csv(.encoding(line: 1, bytes: "FF FE"))) { try ClinicLicenceImport.read(path: clinics) }
    }

    @Test("each list says its own limit: a clinic register over 64 MB is not 'larger than 4 GB'")
    func ownLimits() throws {
        let path = NSTemporaryDirectory() + UUID().uuidString + "-clinics.csv"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: ImportLimits.clinicListBytes + 1)
        try handle.close()
        #expect(throws: ClinicLicenceImport.Problem.csv(.tooLarge(limit: ImportLimits.clinicListBytes))) { try ClinicLicenceImport.read(path: path) }
        let strings = try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings
        let problem = CSVProblem.tooLarge(limit: ImportLimits.clinicListBytes)
        #expect(strings.text(problem.messageKey, .ko, problem.messageValues).contains("64MB"))
        // A Google Fit file over its 64 MB says so, not "missing column Date".
        #expect(throws: ImportProblem.csv(.tooLarge(limit: ImportLimits.googleFitBytes))) { try GoogleFitImport.read(path: path, fileName: "daily.csv") }
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("a Google Fit CSV of blank lines reads as no columns; a line that never ends is refused at 1 MB")
    func blankAndEndless() throws {
        let blank = try write(Data(repeating: 0x0A, count: 8 << 20), "2026-05-01.csv")
        #expect(throws: ImportProblem.csvMissingColumns("Date")) { try GoogleFitImport.read(path: blank, fileName: "daily.csv") }
        let endless = try write(Data("Date,Step count\n2026-05-01,\"".utf8) + Data(repeating: 0x41, count: 2 << 20), "daily.csv")
        #expect(throws: ImportProblem.csv(.rowTooLong(line: 2))) { try GoogleFitImport.read(path: endless, fileName: "daily.csv") }
    }
}
