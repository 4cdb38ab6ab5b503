import Foundation
import HearthCore

/// Google Fit's Takeout: the "Daily activity metrics" CSV files. The summary file has a row per
/// day (`Date`, …, `Step count`, `Average weight (kg)` …); the per-day files (`2026-05-01.csv`)
/// have a row per quarter hour (`Start time`, …, `Step count`). Columns are found by their
/// header names, which vary between versions and languages; a column may be missing or empty
/// on a row. The whole Takeout zip is read too (`readTakeout`).
public enum GoogleFitImport {
    public static func read(path: String, fileName: String, progress: (ImportProgress) -> Void = { _ in }) throws -> ImportedFile {
        if let magic = FileHandle(forReadingAtPath: path).flatMap({ file in
            defer { try? file.close() }
            return try? file.read(upToCount: 4)
        }),
            Array(magic) == [0x50, 0x4B, 0x03, 0x04] || Array(magic) == [0x50, 0x4B, 0x05, 0x06]
        {
            return try readTakeout(path: path, progress: progress)
        }
        return try readCSV(path: path, fileName: fileName, progress: progress)
    }

    /// A whole Takeout archive: every CSV of Fit's daily activity metrics in it — the summary
    /// (a row per day) and the per-day files (`2026-05-01.csv`, a row per quarter hour). Each
    /// is unzipped beside the upload, read and removed in turn. A day in the summary is taken
    /// from it; a per-day file fills a day the summary lacks (summing both would count twice).
    public static func readTakeout(path: String, progress: (ImportProgress) -> Void = { _ in }) throws -> ImportedFile {
        guard let file = FileHandle(forReadingAtPath: path) else { throw ImportProblem.unreadable(path) }
        defer { try? file.close() }
        let size = try file.seekToEnd()
        let zip = ZipEntryReader(file: file, fileSize: size)
        let entries = try zip.entries().filter { isFitEntry($0.name) }
        guard !entries.isEmpty else { throw ImportProblem.zipWithoutFit }
        // Each file is bounded when unzipped; so is the whole.
        guard entries.reduce(0, { $0 + $1.uncompressedSize }) <= ImportLimits.inflatedBytes else { throw ImportProblem.inflatesTooMuch }
        var summary: [LocalDate: ImportedDay] = [:]
        var perDay: [LocalDate: ImportedDay] = [:]
        var recordsRead = 0, skipped = 0, done: UInt64 = 0
        let part = path + ".part.csv"
        defer { try? FileManager.default.removeItem(atPath: part) }
        for entry in entries {
            _ = FileManager.default.createFile(atPath: part, contents: nil)  // opened just below, or refused there
            guard let out = FileHandle(forWritingAtPath: part) else { throw ImportProblem.unreadable(part) }
            do {
                try zip.stream(entry, progress: { _ in }) { bytes in out.write(Data(bytes)) }
                try out.close()
            } catch {
                try? out.close()
                throw error
            }
            let name = (entry.name as NSString).lastPathComponent
            let read: ImportedFile
            do {
                read = try readCSV(path: part, fileName: name)
            } catch ImportProblem.csvMissingColumns {
                // Another of Takeout's CSVs (sessions, a device's list): not one of Fit's daily metrics.
                continue
            }
            recordsRead += read.recordsRead
            skipped += read.skipped
            let isDayFile = LocalDate(String(name.prefix(10))) != nil
            for day in read.days {
                if isDayFile { perDay[day.day] = day } else { summary[day.day] = day }
            }
            done += entry.compressedSize
            progress(ImportProgress(bytesRead: min(done, size), bytesTotal: size, recordsRead: recordsRead))
        }
        let days = summary.merging(perDay) { fromSummary, _ in fromSummary }.values.sorted { $0.day < $1.day }
        progress(ImportProgress(bytesRead: size, bytesTotal: size, recordsRead: recordsRead))
        return ImportedFile(days: days, recordsRead: recordsRead, skipped: skipped)
    }

    /// A CSV in the archive (Takeout names its folders in the account's language: Fit,
    /// 피트니스…, so the name is not looked at; a CSV that is not daily metrics is passed over).
    static func isFitEntry(_ name: String) -> Bool {
        name.lowercased().hasSuffix(".csv") && !(name as NSString).lastPathComponent.hasPrefix(".")
    }

    static func readCSV(path: String, fileName: String, progress: (ImportProgress) -> Void = { _ in }) throws -> ImportedFile {
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
                    let date = column(["date", "날짜"]), steps = column(["step count", "steps", "걸음 수", "걸음수"])
                    let kilograms = column(["average weight (kg)", "weight (kg)", "평균 체중(kg)", "평균 몸무게(kg)"])
                    let pounds = column(["average weight (lb)", "weight (lb)"])
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
