import Foundation
import GRDB
import HearthCore

/// What a tracker's charts read of one subject's records: a field's values gathered by day, week
/// or month, and one day's readings with their times (a glucose curve).
extension TrackerRepository {
    /// One field's numbers in a subject's live records of a tracker: what every read here starts
    /// from. Its arguments, in order: the field, the subject, the tracker.
    static let fieldValues = """
        FROM entry e JOIN tracker_entry t ON t.entry_id = e.id
        JOIN tracker_value v ON v.entry_id = e.id AND v.field = ? AND v.number IS NOT NULL
        WHERE e.subject_id = ? AND e.kind = 'tracker' AND t.tracker_id = ? AND e.deleted_at IS NULL
        """

    /// The trackers a subject has live records of: those its charts page offers.
    public func recorded(subjectID: Int64) throws -> Set<Int64> {
        try database.read { db in
            Set(
                try Int64.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT DISTINCT t.tracker_id FROM entry e JOIN tracker_entry t ON t.entry_id = e.id
                            WHERE e.subject_id = ? AND e.kind = 'tracker' AND e.deleted_at IS NULL
                            """), arguments: [subjectID]))
        }
    }

    /// A number or duration field's values per bucket. Where a day's values are summed (`sum`),
    /// `days` counts the days with one, so a bar is a day's total (on average over a week or a
    /// month); where they are averaged, `days` counts the readings, so a point is their mean.
    public func figures(
        trackerID: Int64, field: String, day: NumberField.DayTotal, subjectID: Int64, from: LocalDate, to: LocalDate, bucket: ChartBucket
    ) throws -> [BucketFigure] {
        let count = day == .sum ? "count(DISTINCT e.local_date)" : "count(*)"
        return try database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(bucket.sql("e.local_date")) AS start, sum(v.number) AS total, \(count) AS days
                        \(Self.fieldValues) AND e.local_date BETWEEN ? AND ?
                        GROUP BY start ORDER BY start
                        """), arguments: [field, subjectID, trackerID, from.description, to.description]
            ).compactMap { row in
                LocalDate(row["start"] as String).map { BucketFigure(start: $0, total: row["total"] ?? 0, days: row["days"] ?? 0, kcal: nil) }
            }
        }
    }

    /// A curve's day: the last from `from` to `to` with readings of the field, its readings in
    /// time order, and the regimen's doses given from a day before it to an hour after it; nil
    /// when the regimen is not the subject's or no reading was taken.
    public struct CurveDay: Sendable {
        public let day: LocalDate
        public let readings: [DoseCurve.Reading]
        public let doses: [Date]
    }

    public func curveDay(
        trackerID: Int64, field: String, regimenID: Int64, subjectID: Int64, from: LocalDate, to: LocalDate, timeZone: TimeZone
    ) throws -> CurveDay? {
        try database.read { db in
            try Self.curveDay(trackerID: trackerID, field: field, regimenID: regimenID, subjectID: subjectID, from: from, to: to, timeZone: timeZone, db)
        }
    }

    /// The same, inside a read already open (a report's snapshot).
    public static func curveDay(
        trackerID: Int64, field: String, regimenID: Int64, subjectID: Int64, from: LocalDate, to: LocalDate, timeZone: TimeZone, _ db: Database
    ) throws -> CurveDay? {
        let owner = try Int64.fetchOne(db.cachedStatement(sql: "SELECT subject_id FROM regimen WHERE id = ?"), arguments: [regimenID])
        guard owner == subjectID,
            let day = try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT max(e.local_date) \(Self.fieldValues) AND e.local_date BETWEEN ? AND ?
                        """), arguments: [field, subjectID, trackerID, from.description, to.description]
            ).flatMap(LocalDate.init)
        else { return nil }
        let readings = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.occurred_at, v.number \(Self.fieldValues) AND e.local_date = ?
                    ORDER BY e.occurred_at, e.id
                    """), arguments: [field, subjectID, trackerID, day.description]
        ).map { row in DoseCurve.Reading(at: StoredTime.date(row, 0), value: row[1]) }
        let doses = try RegimenRepository.givenTimes(
            regimenID: regimenID, from: day.midnight(in: timeZone).addingTimeInterval(-DoseCurve.after),
            before: day.adding(days: 1).midnight(in: timeZone).addingTimeInterval(DoseCurve.before), db)
        return CurveDay(day: day, readings: readings, doses: doses)
    }
}
