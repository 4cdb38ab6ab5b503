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

    @Test("a whole Takeout zip in one go: the summary's days, per-day files for the days it lacks (never both), other files passed over")
    func takeout() throws {
        let summary = "Date,Step count,Average weight (kg)\n2026-06-01,9000,70\n2026-06-02,4000,\n"
        let quarter = { (steps: [Int]) in
            "Start time,End time,Step count\n"
                + steps.enumerated().map { "0\($0.offset):00:00.000+09:00,0\($0.offset):15:00.000+09:00,\($0.element)" }.joined(separator: "\n") + "\n"
        }
        let archive = ExportFiles.zip([
            ("Takeout/archive_browser.html", Array("<html></html>".utf8)),
            ("Takeout/피트니스/일일 활동 측정항목/일일 활동 측정항목.csv", Array(summary.utf8)),
            ("Takeout/피트니스/일일 활동 측정항목/2026-06-02.csv", Array(quarter([1000, 3000]).utf8)),
            ("Takeout/피트니스/일일 활동 측정항목/2026-06-03.csv", Array(quarter([500, 700, 300]).utf8)),
            ("Takeout/피트니스/기기.csv", Array("Device,Model\nPixel,8\n".utf8)),
        ])
        var reports: [ImportProgress] = []
        let file = try GoogleFitImport.read(path: try ExportFiles.temporary("takeout.zip", archive), fileName: "takeout.zip") { reports.append($0) }
        #expect(
            file.days == [
                ImportedDay(day: LocalDate("2026-06-01")!, steps: 9000, weightGrams: 70_000),
                ImportedDay(day: LocalDate("2026-06-02")!, steps: 4000),
                ImportedDay(day: LocalDate("2026-06-03")!, steps: 1500),
            ])
        #expect(reports.last.map { $0.bytesRead == $0.bytesTotal } == true)
        let photos = ExportFiles.zip([("Takeout/Photos/cat.jpg", [1, 2, 3])])
        #expect(throws: ImportProblem.zipWithoutFit) {
            try GoogleFitImport.read(path: try ExportFiles.temporary("takeout.zip", photos), fileName: "takeout.zip")
        }
    }
}
