import Foundation
import GRDB
import HearthCore

/// A printed report's subject over a span of days, and what every area's part reads by: the
/// record kinds of each day (the report's calendar) come from here; each area reads its own
/// figures (`RecordsReport`, `CareReport`, `MedicinesReport`, `DaysReport`) in the same snapshot.
public struct SubjectReport: Sendable {
    public let subject: SubjectSummary
    public let from: LocalDate
    public let to: LocalDate
    /// Who is reading: the member's access (a regimen's doses), and their clock.
    public let access: SubjectAccess
    public let timeZone: TimeZone
    public let now: Date
    /// Each day's record kinds, for the calendar's markers.
    public var kindsByDay: [LocalDate: Set<String>] = [:]

    public var recordCount: Int { kindsByDay.values.reduce(0) { $0 + $1.count } }
    public var today: LocalDate { LocalDate(now, in: timeZone) }

    public static let diaryLimit = 6, photoLimit = 6

    /// The subject's live records in the span, for a part's query: `WHERE \(live)` with `span`.
    let live = "e.subject_id = ? AND e.local_date BETWEEN ? AND ? AND e.deleted_at IS NULL"
    var span: StatementArguments { [subject.id, from.description, to.description] }

    /// Nil when the member may not see the subject (or it does not exist); an archived one is still reported.
    public static func read(
        subjectID: Int64, from: LocalDate, to: LocalDate, access: SubjectAccess, timeZone: TimeZone, now: Date, in snapshot: Snapshot
    ) throws -> SubjectReport? {
        guard access.allows(subjectID),
            let subject = try SubjectRepository.subjects(access: .only([subjectID]), includeArchived: true, snapshot.db).first
        else { return nil }
        return try read(subject, from: from, to: to, access: access, timeZone: timeZone, now: now, in: snapshot)
    }

    /// Every subject the member may see, people first.
    public static func household(
        from: LocalDate, to: LocalDate, access: SubjectAccess, timeZone: TimeZone, now: Date, in snapshot: Snapshot
    ) throws -> [SubjectReport] {
        try SubjectRepository.subjects(access: access, in: snapshot).map {
            try read($0, from: from, to: to, access: access, timeZone: timeZone, now: now, in: snapshot)
        }
    }

    static func read(
        _ subject: SubjectSummary, from: LocalDate, to: LocalDate, access: SubjectAccess, timeZone: TimeZone, now: Date, in snapshot: Snapshot
    ) throws -> SubjectReport {
        var report = SubjectReport(subject: subject, from: from, to: to, access: access, timeZone: timeZone, now: now)
        for row in try Row.fetchAll(
            snapshot.db.cachedStatement(sql: "SELECT DISTINCT e.local_date, e.kind FROM entry e WHERE \(report.live)"), arguments: report.span)
        {
            if let day = LocalDate(row[0] as String) { report.kindsByDay[day, default: []].insert(row[1]) }
        }
        return report
    }
}
