import GRDB
import HearthCore

/// A subject's tracker records over a report's span, by tracker, oldest first: what the report
/// lists and sums up (a reading's figures, the highest and lowest, what was urgent).
public struct TrackersReport: Sendable {
    public struct Kept: Sendable {
        public let trackerID: Int64
        public let tracker: TrackerInput
        /// The ready-made tracker it was added from (`blood_pressure`: the report adds the week's average).
        public let readyMade: String?
        public let records: [StoredEntry]
    }

    public let trackers: [Kept]

    /// The most records a report lists a tracker (a glucose curve every two hours is 360 a month).
    public static let most = 1_000

    public static func read(_ report: SubjectReport, in snapshot: Snapshot) throws -> TrackersReport {
        guard report.access.allows(report.subject.id) else { return TrackersReport(trackers: []) }
        let records = try EntryRepository.fetch(
            snapshot.db, where: "e.subject_id = ? AND e.kind = 'tracker' AND e.deleted_at IS NULL AND e.local_date BETWEEN ? AND ?",
            arguments: [report.subject.id, report.from.description, report.to.description], limit: most)
        var byTracker: [Int64: (TrackerInput, [StoredEntry])] = [:]
        for record in records.reversed() {
            guard case .tracker(let entry) = record.details, let tracker = entry.tracker else { continue }
            byTracker[entry.trackerID, default: (tracker, [])].1.append(record)
        }
        let readyMade = try Row.fetchAll(snapshot.db.cachedStatement(sql: "SELECT id, ready_made FROM tracker WHERE ready_made IS NOT NULL")).reduce(
            into: [Int64: String]()
        ) { $0[$1[0]] = $1[1] }
        let kept = byTracker.map { Kept(trackerID: $0.key, tracker: $0.value.0, readyMade: readyMade[$0.key], records: $0.value.1) }.sorted {
            $0.tracker.name < $1.tracker.name
        }
        return TrackersReport(trackers: kept)
    }
}
