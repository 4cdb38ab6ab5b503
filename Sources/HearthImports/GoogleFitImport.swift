import Foundation
import HearthCore

/// Google Fit's Takeout: the "Daily activity metrics" CSV files. The summary file has a row per
/// day (`Date`, …, `Step count`, `Average weight (kg)` …); the per-day files (`2026-05-01.csv`)
/// have a row per quarter hour (`Start time`, …, `Step count`). Columns are found by their
/// header names, which vary between versions; a column may be missing or empty on a row.
public enum GoogleFitImport {
    public static func read(path: String, fileName: String, progress: (ImportProgress) -> Void = { _ in }) throws -> ImportedFile {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = (attributes[.size] as? NSNumber)?.uint64Value
        else { throw ImportProblem.unreadable(fileName) }
        // A per-day file has no date column: its name is the day.
        let fileDay = LocalDate(String((fileName as NSString).lastPathComponent.prefix(10)))
        var columns: (date: Int?, steps: Int?, kilograms: Int?, pounds: Int?)?
        var days: [LocalDate: ImportedDay] = [:]
        var weights: [LocalDate: (sum: Double, count: Int)] = [:]
        var recordsRead = 0, skipped = 0
        do {
            try CSVReader.forEachRow(path: path, limit: ImportLimits.googleFitBytes) { _, row in
                guard let found = columns else {
                    let header = row.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                    func column(_ names: [String]) -> Int? { names.lazy.compactMap { header.firstIndex(of: $0) }.first }
                    let date = column(["date"]), steps = column(["step count", "steps"])
                    let kilograms = column(["average weight (kg)", "weight (kg)"]), pounds = column(["average weight (lb)", "weight (lb)"])
                    guard date != nil || fileDay != nil else { throw ImportProblem.csvMissingColumns("Date") }
                    guard steps != nil || kilograms != nil || pounds != nil else { throw ImportProblem.csvMissingColumns("Step count, Average weight (kg)") }
                    columns = (date, steps, kilograms, pounds)
                    return
                }
                recordsRead += 1
                func number(_ index: Int?) -> Double? {
                    guard let index, index < row.count else { return nil }
                    return Double(row[index].trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
                }
                guard let day = found.date.map({ $0 < row.count ? LocalDate(row[$0]) : nil }) ?? fileDay else {
                    skipped += 1
                    return
                }
                var value = days[day] ?? ImportedDay(day: day)
                if let count = number(found.steps) { value.steps = (value.steps ?? 0) + Int(count.rounded()) }
                let grams = number(found.kilograms).map { $0 * 1000 } ?? number(found.pounds).map { $0 * 453.59237 }
                if let grams {
                    weights[day, default: (0, 0)].sum += grams
                    weights[day, default: (0, 0)].count += 1
                }
                days[day] = value
            }
        } catch let problem as CSVProblem {
            throw ImportProblem.csv(problem)
        }
        guard columns != nil else { throw ImportProblem.csvMissingColumns("Date") }
        for (day, weight) in weights { days[day]?.weightGrams = (weight.sum / Double(weight.count) * 10).rounded() / 10 }
        progress(ImportProgress(bytesRead: size, bytesTotal: size, recordsRead: recordsRead))
        let found = days.values.filter { $0.steps != nil || $0.weightGrams != nil }.sorted { $0.day < $1.day }
        return ImportedFile(days: found, recordsRead: recordsRead, skipped: skipped)
    }
}
