import Foundation
import GRDB
import HearthCore

/// What one area adds to the calendar's days. Each area's source lives in its own folder and
/// reads inside the calendar's one snapshot (`CalendarRepository.marks`), limited to the
/// subjects the member may see.
protocol CalendarMarksSource: SendableMetatype {
    static func mark(_ marks: inout [LocalDate: DayMarks], _ span: CalendarSpan, _ db: Database) throws
}

/// The days asked for, and for whom: what every source reads by.
struct CalendarSpan {
    let from: LocalDate
    let to: LocalDate
    let today: LocalDate
    let access: SubjectAccess
    let filter: CalendarFilter
    /// The subjects shown (the member's, or the one the filter names).
    let subjects: [SubjectSummary]
    let timeZone: TimeZone
    let now: Date
    /// Whether doses are worked out (the year view does without).
    let withDoses: Bool
    /// The calendar's one read: the household's doses and due list are kept in it between writes.
    let snapshot: Snapshot

    var range: StatementArguments { [from.description, to.description] }
    var ids: [Int64] { subjects.map(\.id) }

    /// The records filter: every kind, one kind, or none (a goal filter).
    var recordKind: (wanted: Bool, condition: String) {
        switch filter.kind {
        case .record(let kind)?: (true, " AND kind = '\(kind.rawValue)'")
        case nil: (true, "")
        default: (false, "")
        }
    }
}
