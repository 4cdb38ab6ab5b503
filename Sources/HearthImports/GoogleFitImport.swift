import Foundation
import HearthCore

/// Google Fit's Takeout: the "Daily activity metrics" CSV files. The summary file has a row per
/// day (`Date`, …, `Step count`, `Average weight (kg)` …); the per-day files (`2026-05-01.csv`)
/// have a row per quarter hour (`Start time`, …, `Step count`). Columns are found by their
/// header names, which vary between versions; a column may be missing or empty on a row.
public enum GoogleFitImport {
    /// CSVs of ten years of days are a few megabytes; anything far larger is not one of these.
    static let largestFile: UInt64 = 64 * 1024 * 1024

    public static func read(path: String, fileName: String, progress: (ImportProgress) -> Void = { _ in }) throws -> ImportedFile {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = (attributes[.size] as? NSNumber)?.uint64Value
        else { throw ImportProblem.unreadable(fileName) }
        guard size <= largestFile else { throw ImportProblem.csvMissingColumns("Date") }
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportProblem.unreadable(fileName) }
        let rows = CSV.rows(String(decoding: data, as: UTF8.self))
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else { throw ImportProblem.csvMissingColumns("Date") }
        func column(_ names: [String]) -> Int? { names.lazy.compactMap { header.firstIndex(of: $0) }.first }
        let date = column(["date"])
        let steps = column(["step count", "steps"])
        let kilograms = column(["average weight (kg)", "weight (kg)"])
        let pounds = column(["average weight (lb)", "weight (lb)"])
        // A per-day file has no date column: its name is the day.
        let fileDay = LocalDate(String((fileName as NSString).lastPathComponent.prefix(10)))
        guard date != nil || fileDay != nil else { throw ImportProblem.csvMissingColumns("Date") }
        guard steps != nil || kilograms != nil || pounds != nil else { throw ImportProblem.csvMissingColumns("Step count, Average weight (kg)") }

        var days: [LocalDate: ImportedDay] = [:]
        var weights: [LocalDate: [Double]] = [:]
        var recordsRead = 0, skipped = 0
        for row in rows.dropFirst() where !(row.count == 1 && row[0].isEmpty) {
            recordsRead += 1
            func number(_ index: Int?) -> Double? {
                guard let index, index < row.count else { return nil }
                return Double(row[index].trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            }
            guard let day = date.map({ $0 < row.count ? LocalDate(row[$0]) : nil }) ?? fileDay else { skipped += 1; continue }
            var value = days[day] ?? ImportedDay(day: day)
            if let count = number(steps) { value.steps = (value.steps ?? 0) + Int(count.rounded()) }
            if let kg = number(kilograms) { weights[day, default: []].append(kg * 1000) } else if let lb = number(pounds) { weights[day, default: []].append(lb * 453.59237) }
            days[day] = value
        }
        for (day, grams) in weights { days[day]?.weightGrams = (grams.reduce(0, +) / Double(grams.count) * 10).rounded() / 10 }
        progress(ImportProgress(bytesRead: size, bytesTotal: size, recordsRead: recordsRead))
        let found = days.values.filter { $0.steps != nil || $0.weightGrams != nil }.sorted { $0.day < $1.day }
        return ImportedFile(days: found, recordsRead: recordsRead, skipped: skipped)
    }
}

/// RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks.
enum CSV {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var iterator = text.unicodeScalars.makeIterator()
        if text.unicodeScalars.first == "\u{FEFF}" { _ = iterator.next() }
        while let scalar = iterator.next() {
            if quoted {
                if scalar == "\"" { quoted = false; afterQuote = true } else { field.unicodeScalars.append(scalar) }
                continue
            }
            switch scalar {
            case "\"":
                if afterQuote { field.append("\"") }
                quoted = true
            case ",": row.append(field); field = ""
            case "\n": row.append(field); rows.append(row); row = []; field = ""
            case "\r": break
            default: field.unicodeScalars.append(scalar)
            }
            afterQuote = false
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
