import Foundation
import HearthCore
import Testing
@testable import HearthImports

@Suite("Google Fit Takeout CSV")
struct GoogleFitImportTests {
    @Test("the daily summary: columns found by name in any order, empty cells skipped, weight averaged per day")
    func summary() throws {
        let csv = """
            Date,Move Minutes count,Calories (kcal),Distance (m),Heart Points,Step count,Average weight (kg),Max weight (kg)
            2026-05-01,35,1800.5,4000.2,12,8012,70.5,71
            2026-05-02,10,1500,,,"3,000",,
            2026-05-03,,,,,,69.8,70

            """
        let file = try GoogleFitImport.read(
            path: try ExportFiles.temporary("Daily activity metrics.csv", Array(csv.utf8)), fileName: "Daily activity metrics.csv")
        #expect(
            file.days == [
                ImportedDay(day: LocalDate("2026-05-01")!, steps: 8012, weightGrams: 70_500),
                ImportedDay(day: LocalDate("2026-05-03")!, weightGrams: 69_800),
            ], "\"3,000\" is not a number Hearth guesses at")
        #expect(file.recordsRead == 3)
    }

    @Test("another version's header (weight in pounds, steps column elsewhere) and a per-day file named by its date")
    func versions() throws {
        let older = "Steps,Date,Average weight (lb)\r\n9000,2026-06-01,150\r\n"
        let file = try GoogleFitImport.read(path: try ExportFiles.temporary("metrics.csv", Array(older.utf8)), fileName: "metrics.csv")
        #expect(file.days == [ImportedDay(day: LocalDate("2026-06-01")!, steps: 9000, weightGrams: 68_038.9)])
        let perDay = "Start time,End time,Step count\n00:00:00.000+09:00,00:15:00.000+09:00,120\n00:15:00.000+09:00,00:30:00.000+09:00,80\n"
        let day = try GoogleFitImport.read(path: try ExportFiles.temporary("2026-06-02.csv", Array(perDay.utf8)), fileName: "2026-06-02.csv")
        #expect(day.days == [ImportedDay(day: LocalDate("2026-06-02")!, steps: 200)])
    }

    @Test("a CSV without the columns says which it needs")
    func missingColumns() throws {
        let noDate = try ExportFiles.temporary("x.csv", Array("Steps\n100\n".utf8))
        #expect(throws: ImportProblem.csvMissingColumns("Date")) { try GoogleFitImport.read(path: noDate, fileName: "x.csv") }
        let noFigures = try ExportFiles.temporary("x.csv", Array("Date,Calories (kcal)\n2026-01-01,100\n".utf8))
        #expect(throws: ImportProblem.csvMissingColumns("Step count, Average weight (kg)")) { try GoogleFitImport.read(path: noFigures, fileName: "x.csv") }
    }
}
