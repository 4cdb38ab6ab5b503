import Foundation
import GRDB
import HearthCore

/// The calendar's records by kind and each day's first photo.
enum RecordMarks: CalendarMarksSource {
    static func mark(_ marks: inout [LocalDate: DayMarks], _ span: CalendarSpan, _ db: Database) throws {
        let (wanted, kindCondition) = span.recordKind
        let ids = span.ids
        guard wanted && !ids.isEmpty else { return }
        // The entry_by_day index: (subject, day) for each subject in the list.
        // Cached: the same text for a member and a filter from one month to the next.
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT local_date, kind, count(*) AS n FROM entry
                    WHERE subject_id IN (\(ids.map(String.init).joined(separator: ","))) AND local_date BETWEEN ? AND ? AND deleted_at IS NULL\(kindCondition)
                    GROUP BY local_date, kind
                    """), arguments: span.range)
        for row in rows {
            guard let day = LocalDate(row["local_date"] as String), let kind = EntryKind(rawValue: row["kind"]) else { continue }
            marks[day, default: DayMarks()].records[kind] = row["n"]
        }
        let photos = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.local_date, p.photo_sha, min(e.occurred_at) FROM entry e JOIN entry_photo p ON p.entry_id = e.id AND p.position = 0
                    WHERE e.subject_id IN (\(ids.map(String.init).joined(separator: ","))) AND e.local_date BETWEEN ? AND ?
                          AND e.deleted_at IS NULL AND e.photo_count > 0\(kindCondition.replacingOccurrences(of: "kind", with: "e.kind"))
                    GROUP BY e.local_date
                    """), arguments: span.range)
        for row in photos {
            guard let day = LocalDate(row[0] as String) else { continue }
            marks[day, default: DayMarks()].photo = row[1]
        }
    }
}
