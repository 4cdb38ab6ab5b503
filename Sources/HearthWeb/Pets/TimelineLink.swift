import Foundation
import HearthStore

/// Where a record is on its subject's timeline: the page that begins with it, scrolled to it.
enum TimelineLink {
    static func record(_ entry: StoredEntry, subject: SubjectSummary?) -> String {
        // The timeline's pages run older than their cursor: the millisecond after the record.
        let cursor = MergedCursor(instant: entry.occurredAt.addingTimeInterval(0.001), key: "")
        let base = (subject?.kind ?? .pet).timeline(entry.subjectID)
        return QueryLink.make(base, ["before": cursor.description]) + "#record-\(entry.id)"
    }
}
