import Foundation
import GRDB
import HearthCore

/// This day in earlier years: the photos and diaries the home page recalls ("3년 전 오늘")
/// and the gallery's filter of the same name.
public enum OnThisDay {
    /// How far back it looks: longer than any pet's life, and a short list to read.
    static let yearsBack = 40

    /// `today`'s month and day in each earlier year, newest first. 29 February is recalled on
    /// 28 February of a year without one, so a leap-day photo is not lost for three years.
    public static func days(before today: LocalDate) -> [LocalDate] {
        var days: [LocalDate] = []
        for year in stride(from: today.year - 1, through: today.year - yearsBack, by: -1) {
            if let day = LocalDate(year: year, month: today.month, day: today.day) { days.append(day) }
            if today.month == 2, today.day == 28, LocalDate.daysIn(month: 2, year: today.year) == 28,
                let leapDay = LocalDate(year: year, month: 2, day: 29)
            {
                days.append(leapDay)
            }
        }
        return days
    }

    /// The days as the JSON array a query's `json_each` reads.
    static func argument(_ days: [LocalDate]) -> String { "[" + days.map { "\"\($0)\"" }.joined(separator: ",") + "]" }

    /// The records with photos and the diaries of `subjects` on this day in earlier years,
    /// newest first, at most `limit`. Each subject's days come from its day index.
    public static func records(of subjects: [SubjectSummary], today: LocalDate, limit: Int, in snapshot: Snapshot) throws -> [StoredEntry] {
        guard !subjects.isEmpty else { return [] }
        let subjectIDs = "[" + subjects.map { String($0.id) }.joined(separator: ",") + "]"
        return try EntryRepository.fetch(
            snapshot.db,
            where: """
                e.subject_id IN (SELECT value FROM json_each(?)) AND e.local_date IN (SELECT value FROM json_each(?))
                AND e.deleted_at IS NULL AND (e.photo_count > 0 OR e.kind = 'diary')
                """, arguments: [subjectIDs, argument(days(before: today))], limit: limit)
    }
}
