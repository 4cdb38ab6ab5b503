import Foundation
import GRDB
import HearthCore

/// One subject's flags as a member sees them: each raised one with its seen mark (nil: not
/// marked, or it got worse or came back since), and the rules with too little to go on.
public struct SubjectFlags: Sendable {
    public let subject: SubjectSummary
    public let raised: [(flag: HealthFlag, seen: FlagSeen?)]
    public let needsMore: [HealthFlag.Rule]

    /// The flags nobody has marked seen at their present level.
    public var open: [HealthFlag] { raised.filter { $0.seen == nil }.map(\.flag) }
}

/// Reads the records the flag rules look at, and keeps who marked a flag seen.
public struct FlagRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// The flags of `subjects` (each one the member may see; others are left out) today.
    public static func flags(
        _ subjects: [SubjectSummary], access: SubjectAccess, today: LocalDate, now: Date, timeZone: TimeZone, in snapshot: Snapshot
    ) throws -> [SubjectFlags] {
        try subjects.filter { access.allows($0.id) }.map { subject in
            // Kept by the subject's own last change, not the household's: a cup of water for Mum
            // works out Mum's flags again, not every pet's (4 ms each, ten years of records).
            let key = "\(subject.id) \(try version(subject.id, snapshot.db)) \(today) \(Int(now.timeIntervalSince1970) / 600) \(timeZone.identifier)"
            let (raised, needsMore) = try snapshot.database.flagCache.value(key) {
                // A month of doses says whether a medicine's flag is raised; only a raised one needs
                // the two months before, to say since when (a third of the reading on most days).
                let flags = FlagRules.flags(try records(subject, doseDays: FlagRules.adherenceDays + 2, today: today, now: now, timeZone: timeZone, snapshot))
                guard flags.raised.contains(where: { $0.regimenID != nil }) else { return flags }
                return FlagRules.flags(try records(subject, doseDays: 90, today: today, now: now, timeZone: timeZone, snapshot))
            }
            let seen = try marks(subject.id, snapshot.db)
            return SubjectFlags(
                subject: subject, raised: raised.map { flag in (flag, seen[flag.key].flatMap { $0.covers(flag) ? $0 : nil }) }, needsMore: needsMore)
        }
    }

    /// Marks `key` of `subjectID` seen at `level` by `memberID`; nothing if the flag is not raised now.
    public func markSeen(subjectID: Int64, key: String, level: Int, memberID: Int64, today: LocalDate, now: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO flag_seen (subject_id, key, level, day, account_id, seen_at) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (subject_id, key) DO UPDATE SET level = excluded.level, day = excluded.day,
                        account_id = excluded.account_id, seen_at = excluded.seen_at
                    """, arguments: [subjectID, key, level, today.description, memberID, now])
        }
    }

    /// The subject's last change: every write to a subject's records leaves a history row with
    /// its subject (the triggers of `HistoryTriggers`; only public lists are written quietly).
    static func version(_ subjectID: Int64, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM history WHERE subject_id = ?"), arguments: [subjectID]) ?? 0
    }

    static func marks(_ subjectID: Int64, _ db: Database) throws -> [String: FlagSeen] {
        var marks: [String: FlagSeen] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT f.key, f.level, f.day, f.seen_at, coalesce(a.display_name, '') AS name
                    FROM flag_seen f LEFT JOIN account a ON a.id = f.account_id WHERE f.subject_id = ?
                    """), arguments: [subjectID])
        {
            guard let day = LocalDate(row["day"] as String) else { continue }
            marks[row["key"]] = FlagSeen(level: row["level"], day: day, by: row["name"], at: StoredTime.date(row, 3))
        }
        return marks
    }

    /// The subject's records of the months the rules look back over (and the runs before them),
    /// with `doseDays` of doses.
    static func records(_ subject: SubjectSummary, doseDays: Int, today: LocalDate, now: Date, timeZone: TimeZone, _ snapshot: Snapshot) throws -> FlagRecords {
        let db = snapshot.db
        var records = FlagRecords(subjectID: subject.id, isPet: subject.kind == .pet, today: today)
        func since(_ days: Int) -> String { today.adding(days: -days).description }
        func daily(_ sql: String, back: Int) throws -> [(LocalDate, Int)] {
            try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [subject.id, since(back)]).compactMap { row in
                LocalDate(row[0] as String).map { ($0, row[1] as Int) }
            }
        }
        let live = "e.subject_id = ? AND e.local_date >= ? AND e.deleted_at IS NULL"
        let weightBack = FlagRules.weightRecent + FlagRules.weightSpan + 180
        var weights = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT e.local_date, w.grams FROM entry e JOIN weight_entry w ON w.entry_id = e.id WHERE \(live) ORDER BY e.local_date, e.occurred_at"
            ), arguments: [subject.id, since(weightBack)]
        ).compactMap { row in LocalDate(row[0] as String).map { FlagRecords.Weighing(day: $0, grams: row[1]) } }
        if subject.kind == .person {
            // A phone's weighings count on days with none typed, as everywhere else.
            let typed = Set(weights.map(\.day))
            let imported = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT local_date, imported_weight_g FROM daily_value WHERE subject_id = ? AND local_date >= ? AND imported_weight_g IS NOT NULL"),
                arguments: [subject.id, since(weightBack)]
            ).compactMap { row in LocalDate(row[0] as String).map { FlagRecords.Weighing(day: $0, grams: row[1]) } }
            weights = (weights + imported.filter { !typed.contains($0.day) }).sorted { $0.day < $1.day }
        }
        records.weights = weights
        if subject.kind == .pet {
            for (day, times) in try daily(
                "SELECT e.local_date, sum(v.times) FROM entry e JOIN vomit_entry v ON v.entry_id = e.id WHERE \(live) GROUP BY e.local_date", back: 300)
            {
                records.vomits[day] = times
            }
            records.refusedDays = Set(
                try daily(
                    """
                    SELECT e.local_date, sum(m.outcome = 'refused') FROM entry e JOIN meal_entry m ON m.entry_id = e.id WHERE \(live)
                    GROUP BY e.local_date HAVING sum(m.outcome = 'refused') > 0 AND sum(m.outcome <> 'refused') = 0
                    """, back: 400
                ).map(\.0))
            records.looseDays = Set(
                try daily(
                    """
                    SELECT e.local_date, count(*) FROM entry e JOIN excretion_entry x ON x.entry_id = e.id
                    WHERE \(live) AND x.stool AND (x.fecal_score >= 6 OR x.blood) GROUP BY e.local_date
                    """, back: 400
                ).map(\.0))
            for (day, severity) in try daily(
                "SELECT e.local_date, max(s.severity) FROM entry e JOIN symptom_entry s ON s.entry_id = e.id WHERE \(live) AND s.severity >= \(FlagRules.severeFrom) GROUP BY e.local_date",
                back: 190)
            {
                records.severeSymptoms[day] = severity
            }
        }
        let doses = try RegimenRepository.doses(
            access: .only([subject.id]), subjectID: subject.id, from: today.adding(days: 1 - doseDays), to: today, in: timeZone, cache: snapshot.regimens, db)
        for entry in doses {
            var days = FlagRecords.RegimenDays(id: entry.regimen.id, name: entry.regimen.name)
            // Owed doses only: one still inside its window is not (`Adherence.due`).
            for slot in Adherence.due(entry.slots, now: now) {
                let state = slot.state(at: now)
                days.due[slot.day, default: 0] += 1
                if state == .given { days.given[slot.day, default: 0] += 1 }
                if state == .missed { days.missed[slot.day, default: 0] += 1 }
            }
            records.regimens.append(days)
        }
        records.urgent = try urgentReadings(subject.id, back: FlagRules.severeWithin + 180, today: today, db)
        return records
    }

    /// Each tracker's records at or past a field's urgent value, counted by day, a record once
    /// however many of its values are (185/125 is one reading). Read against the tracker as it is now.
    static func urgentReadings(_ subjectID: Int64, back: Int, today: LocalDate, _ db: Database) throws -> [FlagRecords.UrgentReadings] {
        let trackers = Dictionary(uniqueKeysWithValues: try TrackerRepository.trackers(access: .everyone, db).map { ($0.id, $0) })
        var byTracker: [Int64: FlagRecords.UrgentReadings] = [:]
        var counted = Set<Int64>()
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT e.id, e.local_date, t.tracker_id, v.field, v.number FROM entry e
                    JOIN tracker_entry t ON t.entry_id = e.id JOIN tracker_value v ON v.entry_id = e.id
                    WHERE e.subject_id = ? AND e.kind = 'tracker' AND e.local_date >= ? AND e.deleted_at IS NULL AND v.number IS NOT NULL
                    """), arguments: [subjectID, today.adding(days: -back).description])
        {
            let (entryID, trackerID, value): (Int64, Int64, Double) = (row[0], row[2], row[4])
            guard !counted.contains(entryID), let tracker = trackers[trackerID], let day = LocalDate(row[1] as String),
                let from = tracker.input.field(row[3])?.urgentFrom, value >= from
            else { continue }
            counted.insert(entryID)
            byTracker[trackerID, default: FlagRecords.UrgentReadings(trackerID: trackerID, name: tracker.input.name)].days[day, default: 0] += 1
        }
        return byTracker.values.sorted { $0.trackerID < $1.trackerID }
    }
}
